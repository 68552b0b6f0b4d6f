"""Journal entries: every action as a compact tuple of small ints, and back.

`encode(board, state, action)` turns a player's action dict (names or ids) into an
entry tuple `(code, arg, ...)`; `decode(board, entry)` gives the canonical action dict
(ids). The state is the replay of its journal (game.py), and a save is the journal
written as varints (save.py), so entries hold only ints.

Codes and their arguments:
  PURCHASE      power, u1, n1, u2, n2, ...     units bought (unit id, count)
  PLACE         power, t, (sea_zone+1)*2+hostile, u1, n1, ...  units mobilized at the complex
                                                in t (hostile 1: enemy units in the sea zone)
  REPAIR        power, t, count, facility kind (economy.DMG_*)
  UPGRADE       power, t
  (power: the power acting, the current one or its turn partner, G40-E-04)
  CAPTURE       t, captor, aa                   t taken by captor (aa 1: AA guns there)
  BATTLE        t, captor+1, captured, attacker_ipc, defender_ipc, kamikaze
                                                a battle's result (battle/steps.py `result`), and
                                                kamikaze tokens Japan spent on it
  NEUTRAL       t                               Classic: neutral violated (fee)
  DECLARE_WAR   target
  RESEARCH      dice, tech, chart, d1, d2, ...  research dice bought (tech bit or 0, 1940 chart
                                                or 0); dice typed in (optional)
  END_PHASE     -
  INCOME        n_answers, a1.., n_convoy, (zone, owner, unit, count)..., n_dice, d1..,
                german_subs                     collect income: answers to yes/no objective
                                                questions, enemy units in convoy zones, typed
                                                dice, German subs on the board (LHTR-O-20)
  ANSWER        value                           answer to the pending prompt
  BOMBING       t, damage, facility kind        a raid's or rocket's result against t
                                                (1940: markers; Classic/Revised: IPCs lost)
  ROCKET        t, launcher, die, facility kind  a rocket attack on t from the territory
                                                `launcher` (its AA guns; 1940: its air base),
                                                the die rolled (the ledger applies the caps)
  ENTER         t, power, attack                units entered t without taking it (politics:
                                                acts of war, first attack on a neutral, FIC)
  ADVANTAGE     name index, t+1                 a Revised/LHTR national advantage used
                                                (advantages.py NAMES; t+1 = 0: no territory)
"""

from engine_core.errors import InputError

PURCHASE = 1
PLACE = 2
REPAIR = 3
UPGRADE = 4
CAPTURE = 5
BATTLE = 6
NEUTRAL = 7
DECLARE_WAR = 8
RESEARCH = 9
END_PHASE = 10
INCOME = 11
ANSWER = 12
BOMBING = 13
ENTER = 14
ADVANTAGE = 15
ROCKET = 16

TYPES = ("", "purchase", "place", "repair", "upgrade", "capture", "battle", "violate_neutral",
         "declare_war", "research", "end_phase", "collect_income", "answer", "bombing", "enter",
         "advantage", "rocket")


END_PHASE_ENTRY = (END_PHASE,)   # the commonest entry, shared (RAM)


def this_phase(state, code=None, turn=False):
    """The entries of one kind (None: of every kind) applied since the current phase began
    (turn=True: since the current player-turn began), oldest first: per-phase and per-turn
    limits and orders the state does not record. The state knows where its phase and its turn
    began (GameState.phase_start / turn_start, set as the ledger moves on, rebuilt by a
    replay), so an answered question inside a phase never starts the count again."""
    j = state.journal
    out = []
    for k in range(state.turn_start if turn else state.phase_start, len(j)):
        if code is None or j[k][0] == code:
            out.append(j[k])
    return out


def in_this_phase(state, entry):
    """True if the same entry was already applied in the current phase."""
    entry = tuple(entry)
    for e in this_phase(state, entry[0]):
        if tuple(e) == entry:
            return True
    return False


def damage_this_turn(state, t):
    """The raid and rocket damage recorded on t in this player-turn (as rolled: the per-turn
    cap of LHTR-C-52 counts them together, LHTR-A-18; anything past the cap did nothing either
    way)."""
    n = 0
    for e in this_phase(state, None, True):
        if e[0] == BOMBING and e[1] == t:
            n += e[2]
        elif e[0] == ROCKET and e[1] == t:
            n += e[3]
    return n


def code_of(type_name):
    for i in range(1, len(TYPES)):
        if TYPES[i] == type_name:
            return i
    return 0


def _territory(board, value):
    if isinstance(value, int):
        if 0 <= value < board.territory_count:
            return value
        raise InputError("no territory %d" % value)
    if not isinstance(value, str):
        raise InputError("a territory is a name or an id")
    return board.territory_id(value)


def _power(board, value):
    if isinstance(value, int):
        if 0 <= value < board.power_count:
            return value
        raise InputError("no power %d" % value)
    if not isinstance(value, str):
        raise InputError("a power is a name or an id")
    return board.power_id(value)


def _int(value, name):
    if isinstance(value, bool):
        return 1 if value else 0
    if not isinstance(value, int) or value < 0 or value >= (1 << 29):
        raise InputError("%s must be a whole number >= 0" % name)
    return value


def _list(v, name):
    # a list field of an action: absent is empty; anything else not a list is refused
    if v is None:
        return ()
    if not isinstance(v, (list, tuple)):
        raise InputError("%s must be a list" % name)
    return v


def _flat_units(board, units):
    from engine_core.ledger.economy import pairs
    if not isinstance(units, dict):
        for it in _list(units, "units"):
            if not isinstance(it, (list, tuple)) or len(it) != 2:
                raise InputError("units are {name: count} or [[name, count], ...]")
    out = []
    for u, n in pairs(board, units or {}):
        out.append(u)
        out.append(n)
    return out


def encode(board, state, action):
    """The journal entry (tuple of ints) for a player's action dict; InputError if malformed."""
    if not isinstance(action, dict):
        raise InputError("an action is an object with a \"type\"")
    kind = action.get("type")
    code = code_of(kind) if isinstance(kind, str) else 0
    if not code:
        raise InputError("unknown action type %s" % (kind,))
    g = action.get
    who = g("power")
    me = current_power(board, state) if who is None else _power(board, who)
    if code == PURCHASE:
        return tuple([code, me] + _flat_units(board, g("units")))
    if code == PLACE:
        sz = g("sea_zone")
        sz = -1 if sz is None else _territory(board, sz)
        return tuple([code, me, _territory(board, g("territory")), (sz + 1) * 2 + _int(g("hostile", 0), "hostile")]
                     + _flat_units(board, g("units")))
    if code == REPAIR:
        return (code, me, _territory(board, g("territory")), _int(g("count", 1), "count"),
                _kind(g("facility")))
    if code == UPGRADE:
        return (code, me, _territory(board, g("territory")))
    if code == NEUTRAL:
        return (code, _territory(board, g("territory")))
    if code == CAPTURE:
        who = g("by")
        p = current_power(board, state) if who is None else _power(board, who)
        return (code, _territory(board, g("territory")), p, _int(g("aa", 0), "aa"))
    if code == BATTLE:
        who = g("by")
        p = current_power(board, state) if who is None else _power(board, who)
        res = g("result")
        if isinstance(res, dict):   # engine_core.battle.steps.Battle.result
            ipc = _list(res.get("ipc_lost"), "ipc_lost")
            if len(ipc) != 2:
                raise InputError("a battle result has ipc_lost [attacker, defender]")
            captured, a_ipc, d_ipc = res.get("captured", 0), ipc[0], ipc[1]
        else:
            captured, a_ipc, d_ipc = g("captured", 0), g("attacker_ipc", 0), g("defender_ipc", 0)
        return (code, _territory(board, g("territory")), p + 1, _int(captured, "captured"),
                _int(a_ipc, "attacker_ipc"), _int(d_ipc, "defender_ipc"), _int(g("kamikaze", 0), "kamikaze"))
    if code == DECLARE_WAR:
        return (code, _power(board, g("target")))
    if code == RESEARCH:
        tech = g("tech")
        if tech is None:
            tech = 0
        elif not isinstance(tech, int):
            from engine_core.techs import bit as tech_bit
            tech = tech_bit(tech)
        out = [code, _int(g("dice", 0), "dice"), _int(tech, "tech"), _int(g("chart") or 0, "chart")]
        _dice(out, _list(g("rolls"), "rolls"))
        return tuple(out)
    if code == END_PHASE:
        return END_PHASE_ENTRY
    if code == INCOME:
        answers = _list(g("answers"), "answers")
        convoy = _list(g("convoy"), "convoy")
        out = [code, len(answers)]
        for a in answers:
            out.append(_int(a, "answer"))
        items = []
        for rec in convoy:
            if not isinstance(rec, (list, tuple)) or len(rec) != 4:
                raise InputError("convoy entries are [sea zone, owner, unit, count]")
            z, o, u, n = rec
            uid = u if isinstance(u, int) else board.unit_id(u)
            items.append((_territory(board, z), _power(board, o), uid, _int(n, "count")))
        items.sort()
        out.append(len(items))
        for it in items:
            out.extend(it)
        _dice(out, _list(g("dice"), "dice"))
        out.append(_int(g("german_subs", 0), "german_subs"))
        return tuple(out)
    if code == ANSWER:
        v = g("value", 0)
        if isinstance(v, str):   # the Nonaggression Treaty's answer: a territory or none (treaty.py)
            v = 255 if v.lower() == "none" else _territory(board, v)
        return (code, _int(v, "value"))
    if code == BOMBING:
        return (code, _territory(board, g("territory")), _int(g("damage", 0), "damage"),
                _kind(g("facility")))
    if code == ROCKET:
        return (code, _territory(board, g("territory")), _territory(board, g("launcher")),
                _int(g("die", 0), "die"), _kind(g("facility")))
    if code == ENTER:
        who = g("by")
        p = current_power(board, state) if who is None else _power(board, who)
        return (code, _territory(board, g("territory")), p, _int(g("attack", 1), "attack"))
    if code == ADVANTAGE:
        from engine_core.ledger.advantages import index_of
        t = g("territory")
        return (code, index_of(g("name")), 0 if t is None else _territory(board, t) + 1)
    raise InputError("unknown action type %s" % (kind,))


def _kind(name):
    from engine_core.ledger.economy import facility_kind
    if isinstance(name, int):
        return name
    return facility_kind(name)


def _dice(out, dice):
    out.append(len(dice))
    for d in dice:
        if not isinstance(d, int) or isinstance(d, bool) or d < 1 or d > 6:
            raise InputError("a die shows 1 to 6")
        out.append(d)


def current_power(board, state):
    return board.turn_order[state.turn]


def decode(entry):
    """The canonical action dict (ids) of a journal entry."""
    code = entry[0]
    if code < 1 or code >= len(TYPES):
        raise InputError("bad journal entry")
    a = {"type": TYPES[code]}
    if code == PURCHASE:
        a["power"] = entry[1]
        a["units"] = _pairs(entry, 2)
    elif code == PLACE:
        a["power"] = entry[1]
        a["territory"] = entry[2]
        a["sea_zone"] = entry[3] // 2 - 1
        a["hostile"] = entry[3] & 1
        a["units"] = _pairs(entry, 4)
    elif code == REPAIR:
        a["power"] = entry[1]
        a["territory"] = entry[2]
        a["count"] = entry[3]
        a["facility"] = entry[4]
    elif code == UPGRADE:
        a["power"] = entry[1]
        a["territory"] = entry[2]
    elif code == NEUTRAL:
        a["territory"] = entry[1]
    elif code == CAPTURE:
        a["territory"] = entry[1]
        a["by"] = entry[2]
        a["aa"] = entry[3]
    elif code == BATTLE:
        a["territory"] = entry[1]
        a["by"] = entry[2] - 1
        a["captured"] = entry[3]
        a["attacker_ipc"] = entry[4]
        a["defender_ipc"] = entry[5]
        a["kamikaze"] = entry[6]
    elif code == DECLARE_WAR:
        a["target"] = entry[1]
    elif code == RESEARCH:
        a["dice"] = entry[1]
        a["tech"] = entry[2]
        a["chart"] = entry[3]
        a["rolls"] = list(entry[5:5 + entry[4]])
    elif code == INCOME:
        n = entry[1]
        a["answers"] = list(entry[2:2 + n])
        i = 2 + n
        m = entry[i]
        conv = []
        for k in range(m):
            j = i + 1 + 4 * k
            conv.append((entry[j], entry[j + 1], entry[j + 2], entry[j + 3]))
        a["convoy"] = conv
        i = i + 1 + 4 * m
        a["dice"] = list(entry[i + 1:i + 1 + entry[i]])
        a["german_subs"] = entry[i + 1 + entry[i]]
    elif code == ANSWER:
        a["value"] = entry[1]
    elif code == BOMBING:
        a["territory"] = entry[1]
        a["damage"] = entry[2]
        a["facility"] = entry[3]
    elif code == ROCKET:
        a["territory"] = entry[1]
        a["launcher"] = entry[2]
        a["die"] = entry[3]
        a["facility"] = entry[4]
    elif code == ENTER:
        a["territory"] = entry[1]
        a["by"] = entry[2]
        a["attack"] = entry[3]
    elif code == ADVANTAGE:
        a["name"] = entry[1]
        a["territory"] = entry[2] - 1
    return a


def _pairs(entry, start):
    out = []
    i = start
    while i + 1 < len(entry):
        out.append((entry[i], entry[i + 1]))
        i += 2
    return out
