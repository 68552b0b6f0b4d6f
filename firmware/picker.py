"""Picking a space (territory or sea zone): the order, the candidates, the keys. Pure logic, no screen.

The screens (`screens/turn.py`) show `Picker.rows()` and hand it their keys; a test walks
every space of every edition through the same `key()` a player presses.

Order: the spaces a player picked last (`recent`, newest first), then land by name, then sea
zones by their number (`Sea Zone 2` before `Sea Zone 19`; Classic's named zones by name).

Candidates (`candidates`): what the decision allows --
  battle, capture   land held by a power the mover is at war with, neutral land (P40-C-01: a
                    move into a hostile or neutral space is an attack; P40-C-53 captures), never
                    impassable land, and every sea zone (the device cannot see the ships);
  raid              land of a power the mover is at war with that has a facility (an industrial
                    complex; 1940: also an air or naval base: CL-C-50, LHTR-C-50, P40-C-40);
  mobilize          the mover's (or its turn partner's) land with an industrial complex
                    (P40-E-10, CL-E-03; the Mobilize screen adds facility sites itself);
  any               every space (a free battle board).

Keys: up/down one row, left/right JUMP rows (both wrap round), select opens a group or picks
a space, back leaves a group. Up to FLAT_MAX candidates are one list; more are an index:
the recent spaces themselves on top, then the enemy's land by name when there are at most
FLAT_MAX of such spaces (`first`; else, and for the rest, groups of at most GROUP cut where the initial letter changes,
"Afg-Bur"), then the sea zones by tens ("Sea Zone 10-19"): select a group, then the space. Every space of Global 1940 (333) is at most 12 presses away
(tests/host/test_firmware_picker.py counts them).
"""

FLAT_MAX = 16
GROUP = 12
JUMP = 4
RECENT = 4

_SPACES = "0123456789"


def space_key(name):
    """Sort key: the name's text, then its number as a number ("Sea Zone 6" < "Sea Zone 19")."""
    low = name.lower()
    i = len(low)
    while i > 0 and low[i - 1] in _SPACES:
        i -= 1
    if i < len(low):
        return (low[:i], int(low[i:]), low)
    return (low, -1, low)


def zone_number(name):
    """The number of a numbered sea zone ("Sea Zone 19" -> 19), else -1."""
    k = space_key(name)
    return k[1]


def ordered(board, ids):
    """`ids` in the picker's order: land by name, then sea zones by number."""
    land = []
    sea = []
    for t in ids:
        name = board.territory_name(t)
        (sea if board.is_sea(t) else land).append((space_key(name), t))
    land.sort()
    sea.sort()
    return [t for _k, t in land] + [t for _k, t in sea]


def candidates(board, state, me, purpose):
    """The spaces `purpose` allows for power `me` (see the module's doc), in the picker's order."""
    ids = []
    if purpose == "mobilize":
        from engine_core import board as bmod
        partner = board.turn_partner(me) if hasattr(board, "turn_partner") else -1
        for t in range(board.territory_count):
            if board.is_sea(t):
                continue
            owner = state.owner[t]
            if (owner == me or (partner >= 0 and owner == partner)) and state.facilities[t] & bmod.FAC_ANY_IC:
                ids.append(t)
        return ordered(board, ids)
    from engine_core.ledger.state import NO_OWNER
    war = state.at_war[me] if me >= 0 and purpose != "any" else 0
    if purpose == "raid":
        for t in range(board.territory_count):
            owner = state.owner[t]
            if not board.is_sea(t) and owner != NO_OWNER and owner != me and war & (1 << owner) \
                    and state.facilities[t]:
                ids.append(t)
        return ordered(board, ids)
    for t in range(board.territory_count):
        if purpose == "any" or board.is_sea(t):
            ids.append(t)
            continue
        if board.is_impassable(t):
            continue
        owner = state.owner[t]
        if owner == NO_OWNER or (owner != me and war & (1 << owner)):
            ids.append(t)
    return ordered(board, ids)


def enemy_land(board, state, me):
    """Land held by a power `me` is at war with, in order: a battle's likeliest places, shown by
    name on the index when there are few (`Picker(first=...)`); neutral land stays in groups."""
    war = state.at_war[me]
    ids = []
    for t in range(board.territory_count):
        owner = state.owner[t]
        if not board.is_sea(t) and owner != me and owner < 32 and war & (1 << owner):
            ids.append(t)
    return ordered(board, ids)


def remember(recent, t):
    """The recent list after picking t: newest first, at most RECENT."""
    out = [t]
    for r in recent:
        if r != t and len(out) < RECENT:
            out.append(r)
    return out


def _short(name):
    return name[:3]


def groups(board, ids):
    """`ids` (in order) cut into (label, [ids]) groups: land at most GROUP, cut where the initial
    changes when it can; numbered sea zones by tens; other sea zones at most GROUP."""
    out = []
    land = [t for t in ids if not board.is_sea(t)]
    sea = [t for t in ids if board.is_sea(t)]
    i = 0
    while i < len(land):
        end = min(len(land), i + GROUP)
        if end < len(land):
            first = board.territory_name(land[end])[:1].lower()
            cut = end
            while cut > i + GROUP // 2 and board.territory_name(land[cut - 1])[:1].lower() == first:
                cut -= 1
            if board.territory_name(land[cut - 1])[:1].lower() != first:
                end = cut
        part = land[i:end]
        a = board.territory_name(part[0])
        b = board.territory_name(part[-1])
        out.append((_short(a) if len(part) == 1 else _short(a) + "-" + _short(b), part))
        i = end
    numbered = []
    named = []
    for t in sea:
        (numbered if zone_number(board.territory_name(t)) >= 0 else named).append(t)
    i = 0
    while i < len(numbered):
        ten = zone_number(board.territory_name(numbered[i])) // 10
        part = []
        while i < len(numbered) and zone_number(board.territory_name(numbered[i])) // 10 == ten:
            part.append(numbered[i])
            i += 1
        lo = zone_number(board.territory_name(part[0]))
        hi = zone_number(board.territory_name(part[-1]))
        prefix = space_key(board.territory_name(part[0]))[0].strip()
        prefix = prefix[:1].upper() + prefix[1:]
        prefix = "Sea Zone" if prefix.lower() == "sea zone" else prefix
        out.append((prefix + " " + (str(lo) if lo == hi else str(lo) + "-" + str(hi)), part))
    i = 0
    while i < len(named):
        part = named[i:i + GROUP]
        out.append((_short(board.territory_name(part[0])) + "-" + _short(board.territory_name(part[-1]))
                    + " sea", part))
        i += GROUP
    return out


class Picker:
    """The picker's state: the index (or the flat list) and the open group.

    rows() -> [(label, value)], value a space id, or ("group", n) for a group in the index.
    key(name) -> the picked space id, or None. `cursor` is the highlighted row.
    """

    def __init__(self, board, ids, recent=(), first=None):
        self.board = board
        self.ids = list(ids)
        self.recent = [t for t in recent if t in self.ids]
        self.group = -1       # the open group, -1: the index (or the flat list)
        self.cursor = 0
        self.index_cursor = 0
        self.flat = len(self.ids) <= FLAT_MAX
        # a few land spaces (a battle's enemies early in a game) stand in the index by name,
        # the sea zones in groups below them
        land = first if first is not None else [t for t in self.ids if not board.is_sea(t)]
        self.direct = [] if self.flat or len(land) > FLAT_MAX else \
            [t for t in land if t not in self.recent and t in self.ids]
        self.parts = [] if self.flat else groups(board, [t for t in self.ids if t not in self.direct])

    def name(self, t):
        return self.board.territory_name(t)

    def rows(self):
        if self.flat:
            first = [(self.name(t), t) for t in self.recent]
            return first + [(self.name(t), t) for t in self.ids if t not in self.recent]
        if self.group >= 0:
            return [(self.name(t), t) for t in self.parts[self.group][1]]
        out = [(self.name(t), t) for t in self.recent] + [(self.name(t), t) for t in self.direct]
        for n in range(len(self.parts)):
            out.append((self.parts[n][0], ("group", n)))
        return out

    def group_row(self, n):
        """The index row of group n."""
        return len(self.recent) + len(self.direct) + n

    def at_top(self):
        """True when back leaves the picker (not inside a group)."""
        return self.group < 0

    def jump_to(self, t):
        """Highlight space t (open its group): a screen reopened on its last choice."""
        if t not in self.ids:
            return
        if self.flat or t in self.recent or t in self.direct:
            self.group = -1
            rows = self.rows()
            for i in range(len(rows)):
                if rows[i][1] == t:
                    self.cursor = i
            return
        for n in range(len(self.parts)):
            if t in self.parts[n][1]:
                self.index_cursor = self.group_row(n)
                self.group = n
                self.cursor = self.parts[n][1].index(t)

    def key(self, name):
        rows = self.rows()
        n = len(rows)
        if not n:
            return None
        if name in ("up", "down", "left", "right"):
            step = {"up": -1, "down": 1, "left": -JUMP, "right": JUMP}[name]
            self.cursor = (self.cursor + step) % n
        elif name == "select":
            value = rows[self.cursor][1]
            if isinstance(value, tuple):
                self.index_cursor = self.cursor
                self.group = value[1]
                self.cursor = 0
                return None
            return value
        elif name == "back" and self.group >= 0:
            self.group = -1
            self.cursor = self.index_cursor
        return None
