"""Pending battles: the battles the players announce in Combat move, kept until fought.

The engine does not know where the plastic is (the map does), so the device keeps the
battles the players announce: in Combat move the combat menu adds them (territory, then
the attacker's and the defender's units); in Conduct combat the menu offers each one with
its territory and sides filled in, and a battle recorded in the game (`battle` action)
leaves the list. One battle per territory: adding one where a battle is already pending
edits that one.

The list survives a power cut: it has its own two-slot record (`firmware.saves`, name
"pending"), written after every change, JSON

    {"k": [edition, game seed, game turn], "b": [[territory, kind, {unit: n}, {unit: n}], ...]}

with the set-up's options as a fifth item when it chose some ({"bombard": {unit: n}, ...}; the
defenders of one ally {"ally": {unit: n}, "ally_power": power}, of several {"allies": [[power,
{unit: n}], ...]}; of an assault's launch zone likewise, "sea_ally" / "sea_ally_power" or
"sea_allies").

A record whose key is not the game's current turn is stale (the turn ended, or it belongs
to another game): it reads as an empty list, and the flash record is erased when a turn
ends (`clear`). Kiosk visitors (a session without save slots) keep the list in memory only.
A read-only drive keeps it in memory too (`save_error` holds the OSError).
"""

import json

from firmware import saves

KINDS = ("land", "sea", "amphibious")
MAX_BATTLES = 16
SLOTS_NAME = "pending"


def of(session):
    """The session's pending list (made on first use, read from flash once)."""
    p = getattr(session, "pending", None)
    if p is None:
        slots = saves.Slots(session.slots.store, SLOTS_NAME) if session.slots is not None else None
        p = Pending(slots)
        session.pending = p
    return p


def game_key(game):
    """[edition, seed, game turn]: the turn a list belongs to."""
    seed = getattr(game, "seed", 0)
    if not isinstance(seed, int):
        seed = 0
    return [game.state.edition, seed, game.state.game_turn]


def _units(value):
    """{unit name: count > 0} from a decoded record (anything else: None)."""
    if not isinstance(value, dict):
        return None
    out = {}
    for name in value:
        n = value[name]
        if not isinstance(name, str) or not isinstance(n, int) or n < 0 or n > 999:
            return None
        if n:
            out[name] = n
    return out


def decode(data):
    """(key, battles) of a record's payload, or (None, []) when it is not a good one."""
    try:
        d = json.loads(data.decode() if not isinstance(data, str) else data)
    except (ValueError, UnicodeError, AttributeError):
        return None, []
    if not isinstance(d, dict):
        return None, []
    key = d.get("k")
    rows = d.get("b")
    if not isinstance(key, list) or len(key) != 3 or not isinstance(rows, list):
        return None, []
    battles = []
    for row in rows[:MAX_BATTLES]:
        if not isinstance(row, list) or len(row) not in (4, 5):
            return None, []
        t, kind, att, dfd = row[:4]
        att = _units(att)
        dfd = _units(dfd)
        opts = _options(row[4] if len(row) == 5 else {})
        if not isinstance(t, int) or kind not in KINDS or att is None or dfd is None or opts is None:
            return None, []
        battles.append([t, kind, att, dfd, opts] if opts else [t, kind, att, dfd])
    return key, battles


# the set-up's own choices (screens/battle.py EXTRA_ROWS), and its counts: launch zone, air bases
OPTION_UNITS = ("bombard", "seaborne", "scramble", "sea_attacker", "sea_defender", "attacker_damaged",
                "defender_damaged", "attacker_cargo", "defender_cargo", "ally", "sea_ally")
OPTION_COUNTS = (("kamikaze", 6), ("launch", 999), ("air_bases", 9), ("defender_power", 31),
                 ("ally_power", 31), ("sea_defender_power", 31), ("sea_ally_power", 31))


def _options(d):
    """A pending battle's set-up options ({"bombard": units, ..., "kamikaze": n}), or None."""
    if not isinstance(d, dict):
        return None
    out = {}
    for k in d:
        v = d[k]
        if k in OPTION_UNITS:
            v = _units(v)
            if v is None:
                return None
            if v:
                out[k] = v
        elif k in ("allies", "sea_allies"):
            v = _allies(v)
            if v is None:
                return None
            if v:
                out[k] = v
        else:
            top = -1
            for name, most in OPTION_COUNTS:
                if name == k:
                    top = most
            if top < 0 or not isinstance(v, int) or v < 0 or v > top:
                return None
            if v or k in ("launch", "defender_power", "ally_power", "sea_defender_power", "sea_ally_power"):   # a place / power id 0 is one
                out[k] = v
    return out


MAX_ALLIES = 8   # allies named in one battle (a side has at most 5 powers in any edition)


def _allies(v):
    """A battle's several allies [[power, units], ...] (the set-up's "Ally" rows; "sea_allies":
    its "Sea ally" rows), or None."""
    if not isinstance(v, list) or len(v) > MAX_ALLIES:
        return None
    out = []
    seen = []
    for a in v:
        if not isinstance(a, list) or len(a) != 2 or not isinstance(a[0], int) \
                or not 0 <= a[0] <= 31 or a[0] in seen:
            return None
        units = _units(a[1])
        if units is None:
            return None
        seen.append(a[0])
        if units:
            out.append([a[0], units])
    return out


def encode(key, battles):
    return json.dumps({"k": key, "b": battles}).encode()


class Pending:
    def __init__(self, slots=None):
        self.slots = slots
        self.key = None
        self.battles = []
        self.save_error = None
        self.removed = None     # (key, row, stamp) of the battle last settled (memory only)
        self.added = None       # (key, t, unit, n, stamp) of free units last added (memory only)
        if slots is not None:
            data = slots.load()
            if data:
                self.key, self.battles = decode(data)

    def current(self, game):
        """The pending battles of the game's turn now (a stale list reads as empty)."""
        if game is None:
            return []
        key = game_key(game)
        if self.key != key:
            self.key = key
            self.battles = []
        return self.battles

    def count(self, game):
        return len(self.current(game))

    def find(self, game, t):
        """The index of the battle pending in territory t, or -1."""
        battles = self.current(game)
        for i in range(len(battles)):
            if battles[i][0] == t:
                return i
        return -1

    def get(self, game, t):
        i = self.find(game, t)
        return self.battles[i] if i >= 0 else None

    def put(self, game, t, kind, attacker, defender, options=None):
        """Add the battle in t, or replace the one pending there (with the set-up's options:
        bombarding ships, seaborne units, scramble, kamikaze). ValueError when full."""
        if kind not in KINDS:
            raise ValueError("pending battle: unknown kind")
        opts = _options(dict(options or {}))
        if opts is None:
            raise ValueError("pending battle: bad options")
        row = [t, kind, _units(dict(attacker)) or {}, _units(dict(defender)) or {}]
        if opts:
            row.append(opts)   # only when the set-up chose some: [t, kind, attacker, defender(, options)]
        i = self.find(game, t)
        if i >= 0:
            self.battles[i] = row
        elif len(self.battles) >= MAX_BATTLES:
            raise ValueError("at most " + str(MAX_BATTLES) + " pending battles")
        else:
            self.battles.append(row)
        self._save()

    def remove(self, game, t, stamp=None):
        """Drop the battle pending in t (fought and recorded); False when none was.

        `stamp` (the app's action count after the action that settled it) lets `restore`
        bring the battle back when that very action is undone next."""
        i = self.find(game, t)
        if i < 0:
            return False
        row = self.battles.pop(i)
        self.removed = (list(self.key), row, stamp) if stamp is not None else None
        self._save()
        return True

    def reinforce(self, game, stamp):
        """Free units the last action placed (events ("free_units", power, t, unit, n): the
        Nonaggression Treaty's 4 infantry, LHTR-O-11) join the defenders of the battle pending
        in t; `stamp` as in `remove`, so undoing that action takes them back (`restore`)."""
        for ev in game.events or ():
            if ev[0] != "free_units":
                continue
            row = self.get(game, ev[2])
            if row is None:
                continue
            name = game.board.unit_name(ev[3])
            row[3][name] = row[3].get(name, 0) + ev[4]
            self.added = (list(self.key), ev[2], name, ev[4], stamp)
            self._save()

    def restore(self, game, stamp):
        """After an undo: the battle the undone action settled is pending again, if that
        action was the last one (`stamp` unchanged) and the turn is the same; free units it
        added to a battle (`reinforce`) leave it."""
        a = self.added
        self.added = None
        if a is not None and a[4] == stamp and game is not None and game_key(game) == a[0]:
            row = self.get(game, a[1])
            if row is not None and row[3].get(a[2], 0) >= a[3]:
                row[3][a[2]] -= a[3]
                if not row[3][a[2]]:
                    del row[3][a[2]]
                self._save()
                return True
        r = self.removed
        self.removed = None
        if r is None or r[2] != stamp or game is None:
            return False
        key, row, _s = r
        if game_key(game) != key or self.find(game, row[0]) >= 0:
            return False
        self.put(game, row[0], row[1], row[2], row[3], row[4] if len(row) > 4 else None)
        return True

    def clear(self):
        """The turn ended: no battle is pending any more (the flash record is erased)."""
        self.battles = []
        self.key = None
        if self.slots is not None and self.slots.slot >= 0:
            try:
                self.slots.erase()
            except OSError as err:  # read-only drive: the stale record reads as empty anyway
                self.save_error = err

    def _save(self):
        if self.slots is None:
            return
        try:
            self.slots.save(encode(self.key, self.battles))
        except OSError as err:  # read-only drive: kept until power-off
            self.save_error = err
            return
        self.save_error = None


def label(board, row, cols):
    """'Anhwe A5 D4' cut to fit (the territory's name is shortened, never the counts)."""
    a = 0
    d = 0
    for name in row[2]:
        a += row[2][name]
    for name in row[3]:
        d += row[3][name]
    tail = " A" + str(a) + " D" + str(d)
    name = board.territory_name(row[0])
    room = cols - len(tail)
    if len(name) > room:
        name = name[:max(1, room)]
    return name + tail
