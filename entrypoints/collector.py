"""The garbage collector of a server process, set for serving: fewer, cheaper collections.

Python's cyclic collector runs its young generation every 700 net new container objects, and a
full collection when enough objects have survived into the old one. A serving process holds
some hundred thousand long-lived objects (its modules, the app, the games it keeps loaded) and
makes a few hundred short-lived ones per request, many alive across an ``await`` while 64
other requests run: at the default thresholds those were promoted into the old generation,
whose full collections (some 70 ms each, every few seconds) and the young ones took about a
tenth of the server's CPU, and almost nothing they found was garbage (reference counting frees
nearly everything; the requests make few cycles).

:func:`tune_for_serving` moves what exists once the app is built out of the collector's sight
(``gc.freeze``: it is never garbage while the process serves), and lets 20,000 net new objects
gather before a young collection, so that a request's objects have usually died before one
runs. Cycles are still collected, only in bigger, rarer sweeps; each young sweep takes a few
milliseconds."""

from __future__ import annotations

import gc

#: Net new container objects between young collections (CPython's default is 700).
YOUNG_THRESHOLD = 20_000
#: Young collections per middle one, and middle per full one (CPython's defaults: 10, 10).
OLDER_THRESHOLDS = (20, 20)


def tune_for_serving() -> None:
    """Freeze what exists now and raise the collector's thresholds, for this whole process:
    call it once the app is built, in the process that serves it."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
