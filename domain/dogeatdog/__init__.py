"""Dog Eat Dog (Q.E.D. Games, 1999): the third game on the engine.

Its rules are ``docs/dogeatdog/RULES.md``; ``docs/dogeatdog/DESIGN.md`` says which module owns
which section and what the next steps are.
"""
