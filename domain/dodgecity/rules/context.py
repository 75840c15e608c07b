"""The kernel's command context, over Dodge City's state."""

from __future__ import annotations

from domain.context import Context as KernelContext
from domain.context import GameOver
from domain.dodgecity.state import GameState

Context = KernelContext[GameState]

__all__ = ["Context", "GameOver"]
