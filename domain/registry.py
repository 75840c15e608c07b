"""Which games the engine plays: every ruleset by name, and every stored event topic mapped to
the one ruleset and the one class that reads it.

Games plug in through the ``engine.rulesets`` entry point group (``pyproject.toml``): the
kernel imports no game, and a new game adds one line there. Tests register rulesets of their own
in a :class:`Registry` they build.

An event's topic is its msgspec tag: the class name for the first game (stored games pin those
bare names) and ``<prefix><ClassName>`` for every game after it, so no two games share a topic.
The kernel's own events (``kernel.<Name>``, ``domain/events/kernel.py``) are known to every
registry: any game may record them, and none opens with them.

On the wire every event has one more name, the same scheme for every game: :func:`wire_name`,
``<ruleset>.<Event>`` for a game's events and ``kernel.<Event>`` for the kernel's. The live
stream names its messages so (docs/WIRE.md); the stored topic stays what stored hashes pin.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from domain.events.base import DomainEvent
from domain.events.kernel import KERNEL_EVENT_TYPES, KERNEL_PREFIX
from domain.ruleset import Rules

#: The entry point group games register their ``Rules`` object in.
ENTRY_POINT_GROUP = "engine.rulesets"

AnyRules = Rules[Any, Any, Any, Any]


class UnknownRulesetError(LookupError):
    def __init__(self, name: str, known: Iterable[str]) -> None:
        super().__init__(f"no ruleset {name!r}: this engine plays {', '.join(sorted(known))}")
        self.name = name


class UnknownTopicError(LookupError):
    def __init__(self, topic: str) -> None:
        super().__init__(f"no game records events of type {topic!r}")
        self.topic = topic


def topic_of(event_type: type[DomainEvent]) -> str:
    """The stored topic of an event class: its msgspec tag."""
    tag = event_type.__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{event_type.__name__} has no string tag to store it by")
    return tag


def wire_name(rules: AnyRules, event_type: type[DomainEvent]) -> str:
    """The name of an event of ``rules``' games on the wire: ``<ruleset>.<Event>`` for the
    game's own (``<ruleset>`` its ``name``), ``kernel.<Event>`` for the
    kernel's. Unlike the stored topic, whose form the first game's stored hashes pin, it has one
    scheme for every game, and it is unique across games."""
    topic = topic_of(event_type)
    if topic.startswith(KERNEL_PREFIX):
        return topic
    return f"{rules.name}.{topic.removeprefix(rules.topic_prefix)}"


class Registry:
    """Rulesets by name, and event classes by topic; refuses any name or topic twice."""

    def __init__(self, rulesets: Iterable[AnyRules] = ()) -> None:
        self._rulesets: dict[str, AnyRules] = {}
        self._topics: dict[str, tuple[AnyRules, type[DomainEvent]]] = {}
        self._kernel: dict[str, type[DomainEvent]] = {
            topic_of(event_type): event_type for event_type in KERNEL_EVENT_TYPES
        }
        for rules in rulesets:
            self.register(rules)

    def register(self, rules: AnyRules) -> None:
        if rules.name in self._rulesets:
            raise ValueError(f"a ruleset named {rules.name!r} is registered already")
        topics: dict[str, tuple[AnyRules, type[DomainEvent]]] = {}
        if rules.topic_prefix == KERNEL_PREFIX:
            raise ValueError(f"{rules.name}: {KERNEL_PREFIX!r} is the kernel's topic prefix")
        for event_type in rules.event_types:
            topic = topic_of(event_type)
            if topic in self._kernel:
                raise ValueError(f"{rules.name}: the event topic {topic!r} is the kernel's")
            if not topic.startswith(rules.topic_prefix):
                raise ValueError(f"{rules.name}: topic {topic!r} lacks {rules.topic_prefix!r}")
            if topic in self._topics or topic in topics:
                raise ValueError(f"{rules.name}: the event topic {topic!r} is taken already")
            topics[topic] = (rules, event_type)
        self._rulesets[rules.name] = rules
        self._topics.update(topics)

    def names(self) -> list[str]:
        return sorted(self._rulesets)

    def rulesets(self) -> list[AnyRules]:
        return [self._rulesets[name] for name in self.names()]

    def get(self, name: str) -> AnyRules:
        try:
            return self._rulesets[name]
        except KeyError:
            raise UnknownRulesetError(name, self._rulesets) from None

    def __contains__(self, name: object) -> bool:
        return name in self._rulesets

    def of_topic(self, topic: str) -> AnyRules:
        """The ruleset whose game records events of ``topic`` (a game's first event names its
        game)."""
        return self._entry(topic)[0]

    def event_type(self, topic: str) -> type[DomainEvent]:
        kernel = self._kernel.get(topic)
        return kernel if kernel is not None else self._entry(topic)[1]

    def topics(self) -> dict[str, type[DomainEvent]]:
        """Every topic a stored game may hold: every game's and the kernel's."""
        games = {topic: event_type for topic, (_, event_type) in self._topics.items()}
        return games | self._kernel

    def _entry(self, topic: str) -> tuple[AnyRules, type[DomainEvent]]:
        try:
            return self._topics[topic]
        except KeyError:
            raise UnknownTopicError(topic) from None


def installed_rulesets() -> list[AnyRules]:
    """Every ruleset the installed packages register, by their entry points."""
    return [point.load() for point in entry_points(group=ENTRY_POINT_GROUP)]


@cache
def default_registry() -> Registry:
    """The registry of every installed game, made once per process."""
    return Registry(installed_rulesets())
