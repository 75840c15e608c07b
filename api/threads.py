"""One hop to a worker thread, for handlers litestar would send there twice.

litestar 2 wraps a ``sync_to_thread`` handler when it registers it, and registers the handlers of
a path again when another method is added to that path; the GET registered first is then wrapped
twice, and each request crosses to a worker thread once only to make a coroutine that crosses
again (counted on ``GET /games/{id}/actions``). Such handlers are written ``async`` and hand their
blocking work to :func:`in_worker_thread` instead, which uses the same pool litestar uses.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


async def in_worker_thread(work: Callable[[], T]) -> T:
    """``work()`` run in the event loop's default worker threads, never on the loop itself."""
    return await asyncio.get_running_loop().run_in_executor(None, work)
