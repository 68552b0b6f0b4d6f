"""Ordering helpers that behave the same on CPython and MicroPython.

MicroPython iterates dicts in hash order, not insertion order, and its
`sorted()` is not stable. Anything whose order a player can see (casualty
lists, event order, JSON keys in a save) goes through these.
"""


def sort_stable(items, key):
    """`items` sorted by `key`, ties kept in their given order (on any interpreter)."""
    decorated = [(key(item), i) for i, item in enumerate(items)]
    decorated.sort()
    return [items[i] for _, i in decorated]


def in_order(order, mapping):
    """The (key, value) pairs of `mapping` whose keys appear in `order`, in that order."""
    return [(k, mapping[k]) for k in order if k in mapping]


def sorted_keys(mapping):
    """A dict's keys in sorted order (for output that must not depend on hashing)."""
    keys = list(mapping)
    keys.sort()
    return keys
