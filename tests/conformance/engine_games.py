"""The toy ruleset registered in this process like an installed game, for the engine's tests:
its rules in the registry and a kit with the random player."""

from __future__ import annotations

from domain.registry import default_registry
from engine.kit import GameKit, installed_kits, register_kit
from engine.players import RandomPlayer

from tests.kernel.toy import invariants
from tests.kernel.toy.rules import TOY

TOY_KIT = GameKit(rules=TOY, bots={"random": RandomPlayer}, invariants=invariants.violations)


def install_toy() -> None:
    """Register the toy as if it were installed (once per process)."""
    registry = default_registry()
    if TOY.name not in registry:
        registry.register(TOY)
    if TOY.name not in installed_kits():
        register_kit(TOY_KIT)
