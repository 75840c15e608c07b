"""The event store on PostgreSQL: the eventsourcing library's, retrying a failed call once.

The library retries each call that loses its connection up to ten times, each attempt waiting
up to the pool's timeout for a connection: with the database stopped, a request hung for 22 s
before anyone heard of it (``benchmarks/attack_store.py``), and meanwhile every other request
queued behind it on the store's threads. One retry still recovers a pooled connection the
database closed (a restart, an idle timeout); a database that does not answer is reported after
two attempts, about twice the pool's timeout, and the application then answers 503 at once
until it is back (``engine/application.py``, the store gate).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError
from eventsourcing.postgres import (
    PostgresAggregateRecorder,
    PostgresApplicationRecorder,
    PostgresFactory,
)
from eventsourcing.utils import retry

#: How the eventsourcing library names this factory (module, then class).
FACTORY_TOPIC = f"{__name__}:PromptPostgresFactory"
ATTEMPTS = 2  # the first, and one retry on a fresh connection


def _retried_once(method: Callable[..., Any]) -> Any:
    """``method`` without the library's ten attempts, with :data:`ATTEMPTS` instead."""
    attempt = retry((InterfaceError, OperationalError), max_attempts=ATTEMPTS, wait=0.1)
    return attempt(inspect.unwrap(method))


class PromptApplicationRecorder(PostgresApplicationRecorder):
    insert_events = _retried_once(PostgresApplicationRecorder.insert_events)
    select_events = _retried_once(PostgresAggregateRecorder.select_events)
    select_notifications = _retried_once(PostgresApplicationRecorder.select_notifications)
    max_notification_id = _retried_once(PostgresApplicationRecorder.max_notification_id)


class PromptPostgresFactory(PostgresFactory):
    application_recorder_class = PromptApplicationRecorder
