"""Deciding what happens: guards that refuse actions by rule id, and the game's flow."""
