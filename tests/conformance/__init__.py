"""The conformance suite: what every ruleset the engine plays must satisfy, checked the same way
for each (OpenSpiel's ``games_sim_test`` is the model)."""
