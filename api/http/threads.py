"""The worker threads that make the store's blocking calls, and one hop to them.

How many: each request's store work crosses from the event loop to one of these threads. On
SQLite, more threads only queue on the one writer and hand the interpreter lock back and forth
around every SQLite call; measured with ``benchmarks/bench_api.py`` (64 clients, 2 cores): one
thread played 660 actions/s, two 580, asyncio's default six 510. On PostgreSQL, with the database
on the same two cores: one 462, two 443, six 388; two are kept there so that one slow query does
not hold up every other request. ``dodgecity serve --threads`` overrides the choice.

One hop: litestar 2 wraps a ``sync_to_thread`` handler when it registers it, and registers the
handlers of a path again when another method is added to that path; the GET registered first is
then wrapped twice, and each request crosses to a worker thread once only to make a coroutine that
crosses again (counted on ``GET /games/{id}/actions``). Such handlers are written ``async`` and
hand their blocking work to :func:`in_worker_thread` instead, which uses the same threads.
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import Any, TypeVar

from engine.database import Backend

T = TypeVar("T")

THREADS_BY_BACKEND = {Backend.MEMORY: 1, Backend.SQLITE: 1, Backend.POSTGRESQL: 2}

#: Each running loop's store threads (a server has one loop; tests start several).
_store_threads: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, ThreadPoolExecutor] = (
    weakref.WeakKeyDictionary()
)


def use_store_threads(backend: Backend, requested: int | None) -> int:
    """Make the running loop's default executor the store's threads; returns how many."""
    count = requested or THREADS_BY_BACKEND[backend]
    pool = ThreadPoolExecutor(max_workers=count, thread_name_prefix="store")
    loop = asyncio.get_running_loop()
    loop.set_default_executor(pool)
    _store_threads[loop] = pool
    return count


async def in_worker_thread(work: Callable[[], T]) -> T:
    """``work()`` run in the loop's store threads, never on the loop itself, in the caller's
    context (so its log lines carry the request's id, ``api/http/request_log.py``).

    The answer comes back by one ``call_soon_threadsafe`` onto an asyncio future, rather than
    through ``run_in_executor``'s chain of a thread future wrapped in an asyncio one (its
    callbacks were a tenth of the time the server held the interpreter lock per action)."""
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    pool = _store_threads.get(loop)
    if pool is None:  # a loop whose app did not start the store threads: asyncio's own
        return await loop.run_in_executor(None, context.run, work)
    answer: asyncio.Future[T] = loop.create_future()

    def run() -> None:
        if answer.cancelled():
            return  # the caller went away before the work began
        try:
            result: Any = context.run(work)
        except BaseException as error:  # handed to the awaiting caller, as it would be raised
            _settle(loop, answer, None, error)
        else:
            _settle(loop, answer, result, None)

    pool.submit(run)
    return await answer


def _settle(
    loop: asyncio.AbstractEventLoop,
    answer: asyncio.Future[Any],
    result: Any,
    error: BaseException | None,
) -> None:
    """Hand the work's result or error to the loop (from the worker thread)."""
    with suppress(RuntimeError):  # the loop closed meanwhile: nobody is waiting
        loop.call_soon_threadsafe(_set, answer, result, error)


def _set(answer: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if answer.done():
        return  # cancelled while the work ran
    if error is None:
        answer.set_result(result)
    else:
        answer.set_exception(error)
