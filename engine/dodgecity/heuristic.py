"""A heuristic computer player that sees only what its seat may see.

Why random players lose, and what this player does about it
-----------------------------------------------------------
Random players spread their money over every building, so buildings fill up with scattered stones
and are neutralised ([PLACE-NEUTRAL]) before anyone connects their landmarks: in most random games
nobody scores at all and the winner is drawn by the final duel ([END-TIE]). A single scored
building therefore nearly always wins. The player is built around getting one:

* **Routes.** For every open building it computes the cheapest set of empty fields that, with its
  own stones, connects the required landmarks ([CTRL-CONNECT]): a node-weighted Steiner tree on the
  building's grid (Dreyfus-Wagner over the four or five landmarks; own stones and landmarks cost
  nothing, opposing stones are walls). Each player remembers the routes it found in a game and
  derives most new ones from them, which keeps it fast.
* **Buying.** It values a building by points per dollar still needed to control it, penalised
  when the building is about to fill up, and buys only fields of the best route (at most three
  per building and setting turn, [BUY-3]). It claims unclaimed buildings with the cheapest figure
  still free (bandit first) and ends its turn rather than scatter money.
* **Blocking.** When an opponent is one or two stones from controlling a building, a stone on his
  route (or an Indian / duel removal of his route stones) stops him.
* **Clearing.** Indians and won duels remove the opposing stones its route would most like gone:
  those a "soft" route, one allowed to cross opposing stones at a price, goes through.
* **Cards.** The highest-ranked card is kept for the duel round (a lost duel costs a route stone,
  [DUEL-WIN]), the second best is committed in the start round (the start player moves first in
  the setting rounds and in the challenge chain); in the setting rounds number cards buy stones,
  pictures are played when a building of their figure needs stones, Indians when there is
  something to remove, and "?" cards last (events cost money on average).
* **Duels.** It challenges where a won duel removes the most useful opposing stone, preferring
  buildings where few of its own route stones are at stake if it loses.
* **Events.** Every event decision is answered with the same route values: free stones go on
  routes, stones to remove, give away or sell are those no route needs, and transferred stones
  go to the opponent with the fewest points.
* **Progress.** Every choice passes its progress check (``engine/players.py``): from a state it
  has acted from in this turn it never chooses the same action again, but ends the turn (or is
  done, or passes) instead.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING
from uuid import UUID

from domain.dodgecity.actions import (
    Action,
    BuyStone,
    Challenge,
    ChooseRecipient,
    CommitCard,
    Done,
    EndTurn,
    GiveStone,
    Pass,
    PlaceStone,
    PlayCard,
    RemoveStone,
    SellStone,
)
from domain.dodgecity.catalog import BUILDINGS, Card, CardKind, Cell, deck
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.figures import FORCED_SALE_PRICE, STONE_PRICE, Figure, building_value
from domain.dodgecity.ranking import RankKey, rank_key
from domain.dodgecity.rules.board import MAX_STONES_PER_BUILDING_PER_TURN
from domain.dodgecity.ruleset import DodgeCityGame
from domain.dodgecity.views import BuildingView, GameView, game_view
from engine.players import ProgressCheck, view_digest

if TYPE_CHECKING:
    pass

INFINITY = 10**6

#: Stones one player may place in one building per setting turn ([BUY-3]); two turns per pass.
STONES_PER_TURN = MAX_STONES_PER_BUILDING_PER_TURN

#: Figures in the order the player prefers to claim a building with: cheap stones first, since a
#: single scored building usually decides the game against players who rarely score.
CLAIM_ORDER: tuple[Figure, ...] = (
    Figure.BANDIT,
    Figure.COWBOY,
    Figure.SHERIFF,
    Figure.GUNMAN,
    Figure.LADY,
)


# -- the board as graphs ------------------------------------------------------------------------


class _Grid:
    """One building as a graph: fields then landmarks as numbered nodes ([CTRL-CONNECT])."""

    def __init__(self, building_id: str) -> None:
        spec = BUILDINGS[building_id]
        self.fields: tuple[Cell, ...] = tuple(sorted(spec.fields))
        self.landmarks: tuple[Cell, ...] = spec.landmarks
        self.cells: tuple[Cell, ...] = self.fields + self.landmarks
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        self.landmark_nodes: tuple[int, ...] = tuple(self.index[c] for c in self.landmarks)
        self.required = spec.landmarks_required
        landmark_set = set(self.landmarks)
        neighbours: list[tuple[int, ...]] = []
        for r, c in self.cells:
            around = [
                self.index[n]
                for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if n in self.index and not ((r, c) in landmark_set and n in landmark_set)
            ]
            neighbours.append(tuple(around))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(neighbours)


GRIDS: dict[str, _Grid] = {building_id: _Grid(building_id) for building_id in BUILDINGS}


class Route:
    """The cheapest way to control a building: fields still to fill, own stones it uses."""

    __slots__ = ("missing", "missing_set", "used")

    def __init__(self, missing: tuple[Cell, ...], used: frozenset[Cell]) -> None:
        self.missing = missing
        self.missing_set = frozenset(missing)  # for telling which changes leave the route best
        self.used = used

    @property
    def cost(self) -> int:
        return len(self.missing)


#: Marks "not derivable" apart from None ("no route within the bound").
_UNKNOWN = Route((), frozenset())

Position = tuple[str, frozenset[Cell], frozenset[Cell]]


class RouteFinder:
    """Cheapest routes by position (building, own stones, opposing stones), remembered.

    ``blocked_weight`` is what crossing an opposing stone costs (``INFINITY``: impossible);
    routes dearer than ``bound`` are reported as None, which lets a search stop early. Most
    positions asked about follow from a recently solved one (see ``_derived``), which is what
    keeps the player fast."""

    CACHE_LIMIT = 50_000
    #: Solved positions kept per building to derive later ones from.
    RECENT = 6

    def __init__(self, blocked_weight: int, bound: int) -> None:
        self.blocked_weight = blocked_weight
        self.bound = bound
        self._known: dict[Position, Route | None] = {}
        self._recent: dict[
            tuple[str, int], list[tuple[frozenset[Cell], frozenset[Cell], Route | None]]
        ] = {}

    def __call__(
        self, building_id: str, own: frozenset[Cell], blocked: frozenset[Cell], seat: int = -1
    ) -> Route | None:
        """The cheapest route for the player owning ``own`` (``seat``: whose stones they are,
        so that his later positions are derived from his own earlier ones)."""
        key = (building_id, own, blocked)
        known = self._known.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known
        route = self._derived((building_id, seat), own, blocked)
        if route is _UNKNOWN:
            route = self._solve(building_id, own, blocked)
            recent = self._recent.setdefault((building_id, seat), [])
            recent.insert(0, (own, blocked, route))
            del recent[self.RECENT :]
        if len(self._known) >= self.CACHE_LIMIT:
            self._known.clear()
        self._known[key] = route
        return route

    def _derived(
        self, whose: tuple[str, int], own: frozenset[Cell], blocked: frozenset[Cell]
    ) -> Route | None:
        """The answer from a recently solved position, when the changes since provably keep its
        tree cheapest; ``_UNKNOWN`` otherwise. Changing a field's weight by ``d`` changes any
        tree's cost by at most ``d``, and exactly ``d`` for trees through it. So the old tree
        stays cheapest when every field that got cheaper is on it (a new own stone; an opposing
        stone gone, when stones can be crossed) and every field that got dearer is off it (an
        own stone gone, a new opposing stone)."""
        crossing = self.blocked_weight < INFINITY
        for earlier_own, earlier_blocked, earlier in self._recent.get(whose, ()):
            if earlier is None:
                if own <= earlier_own and earlier_blocked <= blocked:
                    return None  # no field got cheaper: still no route within the bound
                continue
            missing = earlier.missing_set
            new_own = own - earlier_own
            gone = earlier_blocked - blocked
            if (
                not new_own <= missing
                or (gone and not (crossing and gone <= missing))
                or not earlier.used <= own
                or not missing.isdisjoint(blocked - earlier_blocked)
            ):
                continue
            return Route(tuple(c for c in earlier.missing if c not in own), earlier.used | new_own)
        return _UNKNOWN

    def _solve(
        self, building_id: str, own: frozenset[Cell], blocked: frozenset[Cell]
    ) -> Route | None:
        return _solved(building_id, own, blocked, self.blocked_weight, self.bound)


@lru_cache(maxsize=4096)
def _solved(
    building_id: str,
    own: frozenset[Cell],
    blocked: frozenset[Cell],
    blocked_weight: int,
    bound: int,
) -> Route | None:
    """A cheapest route, solved. A pure function of the position, so remembered for every
    player in the process: each player asks about each opponent's position too, and 30% of the
    positions solved in 4-player games had been solved for another player before. The recent
    ones are enough: kept by the tens of thousands, their objects made the garbage collector's
    full passes take 2.4 s of a 10.6 s run of 150 games instead of 0.4. 4,096 solve 7% fewer
    than 512 did, with the collector's share of 100 games unchanged (17-19% by default, under
    2% as simulations run it)."""
    grid = GRIDS[building_id]
    weights = [
        blocked_weight if cell in blocked else (0 if cell in own else 1) for cell in grid.fields
    ] + [0] * len(grid.landmarks)
    if blocked_weight >= INFINITY and _sealed_off(grid, weights):
        return None
    solver = _near_steiner if bound <= THREAT_DISTANCE else _steiner
    nodes = solver(grid, weights, bound)
    if nodes is None:
        return None
    field_count = len(grid.fields)
    missing = tuple(sorted(grid.cells[i] for i in nodes if weights[i] > 0))
    used = frozenset(grid.cells[i] for i in nodes if i < field_count and weights[i] == 0)
    return Route(missing, used)


def _sealed_off(grid: _Grid, weights: list[int]) -> bool:
    """Whether opposing stones leave no ``required`` landmarks joined by free or own fields, so
    that no route exists. Found by one walk over the open fields, where the solver took 55 us
    to find none: in 4-player games 60 of the 95 cheapest routes asked per game were none."""
    neighbours = grid.neighbours
    first_landmark = len(grid.fields)  # landmarks are numbered after the fields
    seen = [weight >= INFINITY for weight in weights]
    for start in grid.landmark_nodes:
        if seen[start]:
            continue
        seen[start] = True
        stack = [start]
        landmarks = 0
        while stack:
            node = stack.pop()
            if node >= first_landmark:
                landmarks += 1
            for n in neighbours[node]:
                if not seen[n]:
                    seen[n] = True
                    stack.append(n)
        if landmarks >= grid.required:
            return False
    return True


#: What an opposing stone counts for in a "soft" route, one that may go through stones an Indian
#: or a won duel could remove: dearer than an empty field, so only worthwhile ones are crossed.
SOFT_WEIGHT = 3

#: An opponent this many stones or fewer from control is a threat worth blocking.
THREAT_DISTANCE = 2


class RouteBook:
    """One player's route finders for one game. Kept per player and game, not shared: which of
    several equally cheap trees a finder returns can depend on what it was asked before, and a
    player's choices must depend only on the views it was shown."""

    def __init__(self, game_id: UUID | None) -> None:
        self.game_id = game_id
        #: Routes that stay clear of opposing stones (what the player buys along).
        self.cheapest = RouteFinder(INFINITY, INFINITY - 1)
        #: Routes that may cross opposing stones (which of them to remove).
        self.soft = RouteFinder(SOFT_WEIGHT, INFINITY - 1)
        #: Routes of at most ``THREAT_DISTANCE`` stones (is an opponent about to control?).
        self.short = RouteFinder(INFINITY, THREAT_DISTANCE)


def read_building(view: BuildingView) -> _Building:
    """``view`` read, or the reading of the very same view object: views of buildings that did
    not change are shared from one decision to the next, and between the seats
    (``domain.dodgecity.views``).
    A reading depends on nothing but the view, so every player in the process shares them."""
    known = _READINGS.get(id(view))
    if known is not None and known[0] is view:  # the view is held, so its id is not reused
        return known[1]
    if len(_READINGS) >= _READINGS_KEPT:
        _READINGS.clear()
    building = _Building(view)
    _READINGS[id(view)] = (view, building)
    return building


_READINGS: dict[int, tuple[BuildingView, _Building]] = {}
_READINGS_KEPT = 1024


def _steiner(grid: _Grid, weights: list[int], bound: int) -> set[int] | None:
    """The nodes of a cheapest tree holding ``required`` landmarks (node weights), or None when
    every such tree costs more than ``bound``.

    Dreyfus-Wagner, trimmed to this board: ``dist[mask][v]`` is the cheapest tree holding node
    ``v`` and the landmarks in ``mask``. Only single landmarks and pairs are grown by Dijkstra
    ("relaxed"); larger sets are only merged at a node, which suffices: walking from one landmark
    into a cheapest tree, the first node that branches or is a landmark splits the rest into two
    smaller sets, each relaxed or a single landmark. Landmark 0 is the "root": a tree of four is
    either the root plus a merged three of the others, or (with five landmarks) four others."""
    landmarks = grid.landmark_nodes
    neighbours = grid.neighbours
    dist: dict[int, list[int]] = {}
    steps: dict[int, list[int]] = {}
    for index, node in enumerate(landmarks):
        row = [INFINITY] * len(weights)
        row[node] = 0
        dist[1 << index], steps[1 << index] = row, _relax(neighbours, weights, row)
    others = range(1, len(landmarks))
    for first in others:
        for second in others[first:]:
            mask = 1 << first | 1 << second
            row = _merged(dist, mask, weights)
            dist[mask], steps[mask] = row, _relax(neighbours, weights, row)
    best = (bound + 1, 0, 0, -1)  # cost, mask of the path's landmark, mask of the rest, node
    for rest in _masks_of_size(len(landmarks), grid.required - 1, skip=0):
        dist[rest] = _merged(dist, rest, weights)
        best = min(best, _joined(dist, 1, rest, weights))
    if grid.required < len(landmarks):  # four of the other landmarks, without the root
        first = 1 << 1
        rest = (1 << len(landmarks)) - 2 - first
        dist[rest] = _merged(dist, rest, weights)
        best = min(best, _joined(dist, first, rest, weights))
    cost, path_mask, rest_mask, node = best
    if cost > bound:
        return None
    return _collect(dist, steps, weights, [(path_mask, node), (rest_mask, node)])


def _masks_of_size(count: int, size: int, skip: int) -> list[int]:
    """Masks of ``size`` landmarks among ``count``, leaving out landmark ``skip``."""
    return [
        mask for mask in range(1 << count) if mask.bit_count() == size and not mask & (1 << skip)
    ]


def _merged(dist: dict[int, list[int]], mask: int, weights: list[int]) -> list[int]:
    """The cheapest way to hold ``mask`` as two smaller trees meeting at each node. Values of
    ``INFINITY`` or more all mean "cannot be held" (they are never within a bound)."""
    splits: list[tuple[list[int], list[int]]] = []
    sub = (mask - 1) & mask
    while sub:
        rest = mask ^ sub
        if sub < rest and sub in dist and rest in dist:
            splits.append((dist[sub], dist[rest]))
        sub = (sub - 1) & mask
    # One comprehension per number of splits: the hottest loop of the player, and building a
    # list per split to take their minimum took twice as long.
    if len(splits) == 1:
        ((a, b),) = splits
        return [x + y - w for x, y, w in zip(a, b, weights, strict=True)]
    if len(splits) == 3:
        (a, b), (c, d), (e, f) = splits
        return [
            min(x + y, z + t, u + v) - w
            for x, y, z, t, u, v, w in zip(a, b, c, d, e, f, weights, strict=True)
        ]
    row = [INFINITY] * len(weights)
    for a, b in splits:
        row = [min(r, x + y - w) for r, x, y, w in zip(row, a, b, weights, strict=True)]
    return row


def _joined(
    dist: dict[int, list[int]], path_mask: int, rest_mask: int, weights: list[int]
) -> tuple[int, int, int, int]:
    """Cheapest meeting node of a relaxed single landmark and a merged set."""
    joined = [a + b - w for a, b, w in zip(dist[path_mask], dist[rest_mask], weights, strict=True)]
    cost = min(joined)
    return (cost, path_mask, rest_mask, joined.index(cost))


def _relax(
    neighbours: tuple[tuple[int, ...], ...], weights: list[int], row: list[int]
) -> list[int]:
    """Dijkstra from every node already reached; entering a node costs its weight. Returns, per
    node, the neighbour its value came from (-1: not improved here). Heap entries are
    ``value * 64 + node`` (grids have fewer than 64 cells), cheaper than tuples.

    Unbounded: values of ``INFINITY`` or more mean "out of reach", and entering a node that
    weighs ``INFINITY`` never makes a value below it, so no value is checked against a bound."""
    steps = [-1] * len(row)
    heap = [value << 6 | v for v, value in enumerate(row) if value < INFINITY]
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        entry = pop(heap)
        value, v = entry >> 6, entry & 63
        if value > row[v]:
            continue
        for n in neighbours[v]:
            candidate = value + weights[n]
            if candidate < row[n]:
                row[n] = candidate
                steps[n] = v
                push(heap, candidate << 6 | n)
    return steps


def _collect(
    dist: Mapping[int, Sequence[int] | Mapping[int, int]],
    steps: Mapping[int, Sequence[int] | Mapping[int, int]],
    weights: list[int],
    stack: list[tuple[int, int]],
) -> set[int]:
    """The nodes of the trees behind ``dist[mask][node]`` for each (mask, node) on ``stack``:
    follow steps back, and at a node that merged two subtrees find a split giving its value."""
    nodes: set[int] = set()
    while stack:
        mask, node = stack.pop()
        nodes.add(node)
        step = steps[mask][node] if mask in steps else -1
        if step >= 0:
            stack.append((mask, step))
            continue
        value = dist[mask][node]
        sub = (mask - 1) & mask
        while sub:
            rest = mask ^ sub
            if (
                sub in dist
                and rest in dist
                and dist[sub][node] + dist[rest][node] - weights[node] == value
            ):
                stack.append((sub, node))
                stack.append((rest, node))
                break
            sub = (sub - 1) & mask
    return nodes


class _Row(dict[int, int]):
    """A sparse row of tree costs: a node not in it is out of reach (``INFINITY``)."""

    def __missing__(self, node: int) -> int:
        return INFINITY


class _Steps(dict[int, int]):
    """A sparse row of steps: a node not in it was not improved (-1)."""

    def __missing__(self, node: int) -> int:
        return -1


def _near_steiner(grid: _Grid, weights: list[int], bound: int) -> set[int] | None:
    """``_steiner`` for a small ``bound``: the same recursion over sparse rows (dicts of the few
    nodes within ``bound``), which is what makes asking "is he about to control?" cheap."""
    landmarks = grid.landmark_nodes
    neighbours = grid.neighbours
    dist: dict[int, _Row] = {}
    steps: dict[int, _Steps] = {}
    hopeless = 0  # landmarks too far from too many others to be in a tree within the bound
    for index, node in enumerate(landmarks):
        mask = 1 << index
        dist[mask] = _Row({node: 0})
        steps[mask] = _near_relax(neighbours, weights, bound, dist[mask])
        if sum(other in dist[mask] for other in landmarks) < grid.required:
            hopeless += 1
            if len(landmarks) - hopeless < grid.required:
                return None  # mostly decided after the first landmark or two
    if not _near_enough(dist, landmarks, grid.required):
        return None
    others = range(1, len(landmarks))
    for first in others:
        for second in others[first:]:
            mask = 1 << first | 1 << second
            dist[mask] = _near_merged(dist, mask, weights, bound)
            steps[mask] = _near_relax(neighbours, weights, bound, dist[mask])
    best = (bound + 1, 0, 0, -1)
    for rest in _masks_of_size(len(landmarks), grid.required - 1, skip=0):
        dist[rest] = _near_merged(dist, rest, weights, bound)
        best = min(best, _near_joined(dist, 1, rest, weights))
    if grid.required < len(landmarks):
        first = 1 << 1
        rest = (1 << len(landmarks)) - 2 - first
        dist[rest] = _near_merged(dist, rest, weights, bound)
        best = min(best, _near_joined(dist, first, rest, weights))
    cost, path_mask, rest_mask, node = best
    if cost > bound:
        return None
    return _collect(dist, steps, weights, [(path_mask, node), (rest_mask, node)])


def _near_enough(dist: dict[int, _Row], landmarks: tuple[int, ...], required: int) -> bool:
    """Whether ``required`` landmarks lie pairwise within the bound (a tree within the bound
    holds a path that cheap between any two of its landmarks); mostly they do not."""
    count = len(landmarks)
    close = [{j for j in range(count) if landmarks[j] in dist[1 << i]} for i in range(count)]
    return any(
        all(j in close[i] for i in group for j in group)
        for group in itertools.combinations(range(count), required)
    )


def _near_merged(dist: dict[int, _Row], mask: int, weights: list[int], bound: int) -> _Row:
    row = _Row()
    sub = (mask - 1) & mask
    while sub:
        rest = mask ^ sub
        if sub < rest and sub in dist and rest in dist:
            left, right = dist[sub], dist[rest]
            for v, a in left.items():
                b = right.get(v)
                if b is not None:
                    value = a + b - weights[v]
                    if value <= bound and value < row.get(v, INFINITY):
                        row[v] = value
        sub = (sub - 1) & mask
    return row


def _near_joined(
    dist: dict[int, _Row], path_mask: int, rest_mask: int, weights: list[int]
) -> tuple[int, int, int, int]:
    best = (INFINITY, path_mask, rest_mask, -1)
    path = dist[path_mask]
    for v, b in dist[rest_mask].items():
        a = path.get(v)
        if a is not None and a + b - weights[v] < best[0]:
            best = (a + b - weights[v], path_mask, rest_mask, v)
    return best


def _near_relax(
    neighbours: tuple[tuple[int, ...], ...], weights: list[int], bound: int, row: _Row
) -> _Steps:
    """``_relax`` over a sparse row, with one bucket per value (weights are 0 or 1 here)."""
    steps = _Steps()
    buckets: list[list[int]] = [[] for _ in range(bound + 1)]
    for v, value in row.items():
        buckets[value].append(v)
    for value, bucket in enumerate(buckets):
        for v in bucket:  # grows while walked: zero-weight neighbours join this bucket
            if row[v] != value:
                continue
            for n in neighbours[v]:
                candidate = value + weights[n]
                if candidate <= bound and candidate < row.get(n, INFINITY):
                    row[n] = candidate
                    steps[n] = v
                    buckets[candidate].append(n)
    return steps


#: Stones a building needs at least to be controlled: its cheapest route on an empty board.
SHORTEST_ROUTE: dict[str, int] = {
    building_id: route.cost
    for building_id in BUILDINGS
    if (route := RouteFinder(INFINITY, INFINITY)(building_id, frozenset(), frozenset())) is not None
}

#: For each field next to a landmark, which landmark it touches (never more than one here).
LANDMARK_TOUCHED_FROM: dict[str, dict[Cell, int]] = {
    building_id: {
        (r + dr, c + dc): index
        for index, (r, c) in enumerate(spec.landmarks)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if (r + dr, c + dc) in spec.fields
    }
    for building_id, spec in BUILDINGS.items()
}

# -- reading the view ---------------------------------------------------------------------------


class _Building:
    """One open building as the player sees it."""

    __slots__ = (
        "_cells",
        "_close",
        "_others",
        "controllers",
        "empty",
        "figure",
        "id",
        "stones_by_seat",
        "taken",
    )

    def __init__(self, view: BuildingView) -> None:
        self.id = view.id
        self.figure = view.figure
        self.controllers = view.controllers
        self.stones_by_seat: dict[int, set[Cell]] = {}
        for stone in view.stones:
            self.stones_by_seat.setdefault(stone.seat, set()).add((stone.row, stone.col))
        self.taken = frozenset((s.row, s.col) for s in view.stones)
        self.empty = len(GRIDS[view.id].fields) - len(self.taken)
        self._cells: dict[int, frozenset[Cell]] = {}
        self._others: dict[int, frozenset[Cell]] = {}
        self._close: dict[int, bool] = {}

    def cells_of(self, seat: int) -> frozenset[Cell]:
        cells = self._cells.get(seat)
        if cells is None:
            cells = self._cells[seat] = frozenset(self.stones_by_seat.get(seat, ()))
        return cells

    def could_be_close(self, seat: int) -> bool:
        """``_could_be_close`` for the seat's stones here, worked out once per reading."""
        close = self._close.get(seat)
        if close is None:
            cells = self.stones_by_seat.get(seat, set())
            close = self._close[seat] = _could_be_close(self.id, cells)
        return close

    def others_of(self, seat: int) -> frozenset[Cell]:
        """The fields taken by the other seats' stones. Kept, like ``cells_of``, because routes
        are looked up by both sets many times per reading, and a kept set hashes only once."""
        others = self._others.get(seat)
        if others is None:
            others = self._others[seat] = self.taken - self.cells_of(seat)
        return others


class _Situation:
    """What one decision needs to know, read once from the view."""

    def __init__(self, view: GameView, book: RouteBook) -> None:
        assert view.viewer is not None
        self.view = view
        self.book = book
        self.me = view.viewer
        self.cards: dict[str, Card] = deck(view.variants.deck)
        self.player = view.players[self.me]
        self.hand: tuple[str, ...] = self.player.hand or ()
        self.buildings: dict[str, _Building] = {
            b.id: read_building(b) for b in view.buildings if b.status == "open"
        }
        self._routes: dict[tuple[str, int], Route | None] = {}
        self._threats: dict[str, tuple[int, Route] | None] = {}
        used = {b.figure for b in view.buildings if b.figure is not None}
        self.figures_in_use = used

    def route(self, building_id: str, seat: int | None = None) -> Route | None:
        seat = self.me if seat is None else seat
        key = (building_id, seat)
        if key not in self._routes:
            building = self.buildings[building_id]
            own, others = building.cells_of(seat), building.others_of(seat)
            self._routes[key] = self.book.cheapest(building_id, own, others, seat)
        return self._routes[key]

    def value_of(self, building_id: str, figure: Figure | None = None) -> int:
        building_figure = self.buildings[building_id].figure or figure or CLAIM_ORDER[0]
        return building_value(building_figure)

    def price_of(self, building_id: str, figure: Figure | None = None) -> int:
        building_figure = self.buildings[building_id].figure or figure or CLAIM_ORDER[0]
        return STONE_PRICE[building_figure]

    def opponents(self) -> list[int]:
        return [p.seat for p in self.view.players if p.seat != self.me]

    def rank(self, card_id: str) -> RankKey:
        return rank_key(self.cards[card_id])

    # -- how much each building is worth to us -----------------------------------------------

    def building_score(self, building_id: str, figure: Figure | None = None) -> float:
        """Points per dollar still needed to control, discounted by the danger of losing it."""
        route = self.route(building_id)
        if route is None:
            return 0.0
        building = self.buildings[building_id]
        if route.cost == 0:
            return 0.0  # controlled already: nothing to buy
        rivals = [s for s in building.controllers if s != self.me]
        if rivals:
            return 0.0
        value = self.value_of(building_id, figure)
        dollars = route.cost * self.price_of(building_id, figure)
        passes_needed = (route.cost + 2 * STONES_PER_TURN - 1) // (2 * STONES_PER_TURN)
        # Other players fill a building between our turns; a route that needs nearly all the
        # empty fields will be cut or the building neutralised before it is done.
        slack = building.empty - route.cost
        danger = 1.0 if slack >= 6 else 0.5 + slack / 12
        return danger * value / (dollars * passes_needed)

    def threat(self, building_id: str) -> tuple[int, Route] | None:
        """The opponent closest to controlling this building, with his route, if he is within
        ``THREAT_DISTANCE`` stones of it (and does not control it already)."""
        if building_id in self._threats:
            return self._threats[building_id]
        best: tuple[int, Route] | None = None
        building = self.buildings[building_id]
        for seat in building.stones_by_seat:
            if seat == self.me or not building.could_be_close(seat):
                continue
            own, others = building.cells_of(seat), building.others_of(seat)
            route = self.book.short(building_id, own, others, seat)
            if route is None or route.cost == 0:
                continue
            if best is None or route.cost < best[1].cost:
                best = (seat, route)
        self._threats[building_id] = best
        return best


def _could_be_close(building_id: str, cells: set[Cell]) -> bool:
    """A cheap necessary condition for being ``THREAT_DISTANCE`` stones from control: enough
    stones for the shortest route, and enough landmarks touched (a field touches at most one)."""
    if SHORTEST_ROUTE[building_id] - len(cells) > THREAT_DISTANCE:
        return False
    touching = LANDMARK_TOUCHED_FROM[building_id]
    touched = {touching[cell] for cell in cells if cell in touching}
    return len(touched) + THREAT_DISTANCE >= BUILDINGS[building_id].landmarks_required


# -- the player ---------------------------------------------------------------------------------


def ending(actions: Sequence[Action]) -> Action | None:
    """What ends the seat's setting turn ([SET-END]), or is done with or passes a decision, if
    offered."""
    return next((a for a in actions if isinstance(a, EndTurn | Done | Pass)), None)


class HeuristicPlayer:
    """Chooses among the offered actions by the heuristics described at the top of this module."""

    def __init__(
        self, seed: int | str | None = None, progress: ProgressCheck[Action] | None = None
    ) -> None:
        self._random = random.Random(seed)
        self._book = RouteBook(None)
        self._progress = ProgressCheck(ending) if progress is None else progress

    def choose(self, game: DodgeCityGame, seat: int) -> Action:
        """Adapter for the in-process ``Player`` protocol of ``engine.players``."""
        actions = game.legal_actions(seat)
        if len(actions) == 1:  # nothing to weigh: skip building the view
            return self._progress.steer(actions[0], actions)
        view = game_view(game.state, game.version, seat, awaiting=game.pending())
        return self.decide(view, actions)

    def decide(self, view: GameView, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return self._progress.steer(actions[0], actions)
        return self._progress.steer(self._weigh(view, actions), actions, view_digest(view))

    def _weigh(self, view: GameView, actions: Sequence[Action]) -> Action:
        decision = self._my_decision(view)
        if self._book.game_id != view.game_id:
            self._book = RouteBook(view.game_id)
        situation = _Situation(view, self._book)
        kind = decision.kind if decision is not None else None
        chosen = self._dispatch(situation, kind, decision, actions)
        return chosen if chosen is not None else self._pick(actions)

    def _my_decision(self, view: GameView) -> Decision | None:
        return next((d for d in view.awaiting if d.seat == view.viewer), None)

    def _pick(self, actions: Sequence[Action]) -> Action:
        return actions[self._random.randrange(len(actions))]

    def _dispatch(
        self,
        situation: _Situation,
        kind: DecisionKind | None,
        decision: Decision | None,
        actions: Sequence[Action],
    ) -> Action | None:
        if kind is DecisionKind.COMMIT_START_CARD:
            return self._commit_start(situation, actions)
        if kind is DecisionKind.COMMIT_DUEL_CARD:
            return self._commit_duel(situation, actions)
        if kind is DecisionKind.PLAY_CARD:
            return self._play_card(situation, actions)
        if kind is DecisionKind.BUY_STONES:
            return self._buy(situation, actions)
        if kind in (DecisionKind.PLACE_PICTURE_STONES, DecisionKind.PLACE_EVENT_STONES):
            return self._place_free(situation, actions)
        if kind in (DecisionKind.REMOVE_OPPOSING_STONES, DecisionKind.REMOVE_LOSER_STONE):
            return self._remove_opposing(situation, actions)
        if kind is DecisionKind.CHALLENGE:
            return self._challenge(situation, actions)
        if kind is DecisionKind.CHOOSE_RECIPIENT:
            return self._recipient(situation, actions)
        if kind in (
            DecisionKind.REMOVE_OWN_STONES,
            DecisionKind.GIVE_STONES,
            DecisionKind.SELL_STONES,
        ):
            return self._give_up_stone(situation, actions)
        return None

    # -- cards --------------------------------------------------------------------------------

    def _commit_start(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        commits = [a for a in actions if isinstance(a, CommitCard)]
        if not commits:
            return None
        by_rank = sorted(commits, key=lambda a: situation.rank(a.card), reverse=True)
        if len(by_rank) == 1:
            return by_rank[0]
        return by_rank[1]  # the best card stays for the duel round

    def _commit_duel(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        commits = [a for a in actions if isinstance(a, CommitCard)]
        if not commits:
            return None
        return max(commits, key=lambda a: situation.rank(a.card))

    def _play_card(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if not plays:
            return None
        keep = self._duel_keeper(situation, [a.card for a in plays])
        candidates = [a for a in plays if a.card != keep] or plays
        return max(candidates, key=lambda a: self._play_value(situation, a.card))

    def _duel_keeper(self, situation: _Situation, hand: list[str]) -> str | None:
        figures = [c for c in hand if situation.cards[c].figure is not None]
        if not figures:
            return None
        return max(figures, key=situation.rank)

    def _play_value(self, situation: _Situation, card_id: str) -> float:
        card = situation.cards[card_id]
        if card.kind is CardKind.NUMBER:
            return card.value * 100.0
        if card.kind is CardKind.PICTURE:
            assert card.figure is not None
            return self._picture_value(situation, card.figure, card.value)
        if card.kind is CardKind.INDIAN:
            return self._indian_value(situation)
        return -100.0  # "?": events cost money on average

    def _picture_value(self, situation: _Situation, figure: Figure, dots: int) -> float:
        best = 0.0
        for building_id, building in situation.buildings.items():
            if building.figure is not figure:
                continue
            route = situation.route(building_id)
            if route is None or route.cost == 0:
                continue
            useful = min(dots, route.cost, STONES_PER_TURN)
            best = max(best, useful * STONE_PRICE[figure] * 1.2)
        return best

    def _indian_value(self, situation: _Situation) -> float:
        """Worth a good number card when an opponent is about to control a building or when
        opposing stones stand in a building we are building in; little otherwise."""
        if any(situation.threat(b) is not None for b in situation.buildings):
            return 800.0
        building_in = [
            b
            for b in situation.buildings.values()
            if b.cells_of(situation.me) and len(b.taken) > len(b.cells_of(situation.me))
        ]
        return 450.0 if building_in else 100.0

    # -- stones -------------------------------------------------------------------------------

    def _buy(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        buys = [a for a in actions if isinstance(a, BuyStone)]
        chosen = self._best_placement(situation, buys, minimum_score=0.0)
        if chosen is not None:
            return chosen
        return next((a for a in actions if isinstance(a, EndTurn)), None)

    def _place_free(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        places = [a for a in actions if isinstance(a, PlaceStone)]
        chosen = self._best_placement(situation, places, minimum_score=-1.0)
        if chosen is not None:
            return chosen
        done = next((a for a in actions if isinstance(a, Done)), None)
        if done is not None:
            return done
        return self._harmless_placement(situation, places)

    def _best_placement(
        self,
        situation: _Situation,
        options: Sequence[BuyStone | PlaceStone],
        minimum_score: float,
    ) -> BuyStone | PlaceStone | None:
        blocking = self._blocking_placement(situation, options)
        if blocking is not None:  # stopping an opponent comes first
            return blocking
        # One pass over the (often hundreds of) options to see which buildings and figures are
        # offered; the stone to place is looked for only in a building that scores best so far.
        figures_by_building: dict[str, set[Figure | None]] = {}
        for building_id, figure in dict.fromkeys((o.building, o.figure) for o in options):
            figures_by_building.setdefault(building_id, set()).add(figure)
        best: tuple[float, BuyStone | PlaceStone] | None = None
        for building_id, figures in figures_by_building.items():
            for figure in self._figures_offered(figures):
                score = situation.building_score(building_id, figure)
                if score <= minimum_score:
                    continue
                route = situation.route(building_id)
                if route is None or (best is not None and score <= best[0]):
                    continue
                wanted = set(route.missing)
                match = next(
                    (
                        o
                        for o in options
                        if o.building == building_id
                        and o.figure == figure
                        and (o.row, o.col) in wanted
                    ),
                    None,
                )
                if match is not None:
                    best = (score, match)
        return None if best is None else best[1]

    def _figures_offered(self, figures: set[Figure | None]) -> list[Figure | None]:
        """None for a claimed building; else the first figure of ``CLAIM_ORDER`` offered."""
        if figures == {None}:
            return [None]
        return [next(f for f in CLAIM_ORDER if f in figures)]

    def _blocking_placement(
        self, situation: _Situation, options: Sequence[BuyStone | PlaceStone]
    ) -> BuyStone | PlaceStone | None:
        """A stone on the route of an opponent who is about to control a building."""
        offered: dict[tuple[str, int, int], BuyStone | PlaceStone] | None = None
        for building_id in situation.buildings:
            threat = situation.threat(building_id)
            if threat is None:
                continue
            if offered is None:  # mostly nobody is close: then the options need no index
                offered = {(o.building, o.row, o.col): o for o in options}
            for row, col in threat[1].missing:
                option = offered.get((building_id, row, col))
                if option is not None:
                    return option
        return None

    def _harmless_placement(
        self, situation: _Situation, places: Sequence[PlaceStone]
    ) -> Action | None:
        """A forced free stone: where it neither neutralises nor fills a building we want."""
        if not places:
            return None
        return max(places, key=lambda p: situation.buildings[p.building].empty)

    def _removal_gains(
        self, situation: _Situation, only: set[str] | None = None
    ) -> dict[tuple[str, Cell], float]:
        """Opposing stones worth removing, with the stones their removal saves us (those on a
        soft route through a building we are building in) or the setback to an opponent close to
        control (stones of his route)."""
        gains: dict[tuple[str, Cell], float] = {}
        for building_id, building in situation.buildings.items():
            if only is not None and building_id not in only:
                continue
            for cell, gain in self._route_clearing(situation, building).items():
                gains[(building_id, cell)] = gain
            threat = situation.threat(building_id)
            if threat is not None:
                rival = threat[1]
                for cell in rival.used:
                    key = (building_id, cell)
                    gains[key] = gains.get(key, 0.0) + 1 + THREAT_DISTANCE - rival.cost
        return gains

    def _route_clearing(self, situation: _Situation, building: _Building) -> dict[Cell, float]:
        """Opposing stones on our soft route through a building we are building in. Crossing one
        costs ``SOFT_WEIGHT``, so a route crosses it only when that saves at least
        ``SOFT_WEIGHT - 1`` stones over going round: what its removal is worth, at least."""
        own = building.cells_of(situation.me)
        if not own or situation.me in building.controllers:
            return {}
        blocked = building.others_of(situation.me)
        soft = situation.book.soft(building.id, own, blocked, situation.me)
        if soft is None:
            return {}
        return {cell: float(SOFT_WEIGHT - 1) for cell in soft.missing if cell in blocked}

    def _remove_opposing(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        removals = [a for a in actions if isinstance(a, RemoveStone)]
        gains = self._removal_gains(situation, {a.building for a in removals})
        scored = [(gains.get((a.building, (a.row, a.col)), 0), a) for a in removals]
        useful = [pair for pair in scored if pair[0] > 0]
        if useful:
            return max(useful, key=lambda pair: pair[0])[1]
        if removals:
            return removals[0]  # any opposing stone less is good for us
        return next((a for a in actions if isinstance(a, Done)), None)

    # -- duels --------------------------------------------------------------------------------

    def _challenge(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        challenges = [a for a in actions if isinstance(a, Challenge)]
        if not challenges:
            return next((a for a in actions if isinstance(a, Pass)), None)
        gains = self._removal_gains(situation, {c.building for c in challenges})

        def worth(challenge: Challenge) -> float:
            building = situation.buildings.get(challenge.building)
            if building is None:
                return 0.0
            theirs = building.cells_of(challenge.opponent)
            gain = max((gains.get((challenge.building, c), 0.0) for c in theirs), default=0.0)
            route = situation.route(challenge.building)
            at_risk = 0 if route is None else len(route.used)
            return gain - 0.5 * at_risk

        return max(challenges, key=worth)

    # -- events -------------------------------------------------------------------------------

    def _recipient(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        recipients = [a for a in actions if isinstance(a, ChooseRecipient)]
        if not recipients:
            return None
        points = {p.seat: p.points for p in situation.view.players}
        return min(recipients, key=lambda a: points[a.seat])

    def _give_up_stone(self, situation: _Situation, actions: Sequence[Action]) -> Action | None:
        """Remove, give away or sell the stone our routes need least."""
        options = [a for a in actions if isinstance(a, RemoveStone | GiveStone | SellStone)]
        if not options:
            return None

        def importance(option: RemoveStone | GiveStone | SellStone) -> tuple[int, int]:
            route = situation.route(option.building)
            needed = route is not None and (option.row, option.col) in route.used
            building = situation.buildings.get(option.building)
            figure = building.figure if building is not None else None
            sale = FORCED_SALE_PRICE[figure] if figure is not None else 0
            return (1 if needed else 0, -sale)

        return min(options, key=importance)
