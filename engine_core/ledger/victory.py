"""Victory checks per edition, called by game.py at the start and end of every turn and at
the end of every round. They set `state.victory` (0 Axis, 1 Allies) or leave it at -1.

  classic   end of each turn: the Allies hold both Axis capitals (CL-P-09), or the Axis
            hold two of the three Allied capitals (CL-P-10) (option "total_victory": and the
            winner holds all of its own capitals, CL-O-01); end of a round: Germany's +
            Japan's production >= 84 (CL-P-11, CL-P-12, CL-S-09).
  vc_count  end of a round: one side holds at least the chosen number of victory cities
            (LHTR-P-08; level 8/9/10/12, default 9).
  p40       start of Japan's turn: >= 6 VCs continuously Japanese since the end of Japan's
            previous turn, plus Tokyo now or by the end of the turn (P40-G-11); start of each
            Allied turn: Tokyo continuously Allied since the end of that power's previous
            turn, plus an Allied capital now or by the end of the turn (P40-G-12, P40-T-05).
  g40       start of each power's turn, for its side: 8 Europe-map or 6 Pacific-map VCs
            (Axis), or Berlin, Rome and Tokyo (Allies), held continuously since the end of
            the power's previous turn, plus a capital of its own side now or by the end of
            the turn (G40-G-09..11).

"Continuously since the end of a power's previous turn": `since_of(state, t)` is the game turn
in which the current side took t; the previous turn of the power to move is `game_turn -
len(turn_order)`, so the hold is unbroken when `since <= game_turn - len(turn_order)`.
"""

from engine_core.ledger.state import NO_OWNER, since_of

AXIS = 0
ALLIES = 1

def _side(board, owner):
    if owner == NO_OWNER:
        return -1
    return board.side(owner)


def _held(board, state, t, side):
    return t >= 0 and _side(board, state.owner[t]) == side


def _continuous(board, state, t, side):
    return _held(board, state, t, side) and since_of(state, t) <= state.game_turn - len(board.turn_order)


def vc_counts(board, state):
    """(axis, allies) number of victory cities held now."""
    a = 0
    b = 0
    for t in range(board.territory_count):
        if board.is_victory_city(t):
            s = _side(board, state.owner[t])
            if s == AXIS:
                a += 1
            elif s == ALLIES:
                b += 1
    return a, b


def turn_start(board, state, options):
    """Checks at the beginning of the current power's turn (P40-T-05, G40-G-11)."""
    kind = board.rules["victory"]
    state.hold = []
    if state.victory >= 0:
        return
    p = board.turn_order[state.turn]
    side = board.side(p)
    v = board.victory
    if kind == "p40":
        tokyo = v["axis_capital"]
        if side == AXIS:
            n = 0
            for city, t in v["cities"]:
                if state.owner[t] == p and _continuous(board, state, t, AXIS):
                    n += 1
            if n >= board.rules.get("vc_level", v["axis_vcs"]):
                if _held(board, state, tokyo, AXIS):
                    state.victory = AXIS
                else:
                    state.hold = [AXIS]
        elif side == ALLIES:
            if _continuous(board, state, tokyo, ALLIES):
                if _any_held(board, state, v["allied_capitals"], ALLIES):
                    state.victory = ALLIES
                else:
                    state.hold = [ALLIES]
    elif kind == "g40":
        if side == AXIS:
            eu = 0
            pac = 0
            for t in v["europe_cities"]:
                if _continuous(board, state, t, AXIS):
                    eu += 1
            for t in v["pacific_cities"]:
                if _continuous(board, state, t, AXIS):
                    pac += 1
            if eu >= board.rules.get("vc_level_europe", 8) or pac >= board.rules.get("vc_level", 6):
                if _any_held(board, state, v["axis_capitals"], AXIS):
                    state.victory = AXIS
                else:
                    state.hold = [AXIS]
        else:
            ok = True
            for c in v["axis_capitals"]:
                if not _continuous(board, state, c, ALLIES):
                    ok = False
            if ok:
                if _any_held(board, state, v["allied_capitals"], ALLIES):
                    state.victory = ALLIES
                else:
                    state.hold = [ALLIES]


def _any_held(board, state, capitals, side):
    for c in capitals:
        if _held(board, state, c, side):
            return True
    return False


def turn_end(board, state, options):
    """Checks at the end of the current power's turn (CL-S-09; conditional wins of P40-G-11/12,
    G40-G-11)."""
    if state.victory >= 0:
        return
    kind = board.rules["victory"]
    p = board.turn_order[state.turn]
    v = board.victory
    if kind == "classic":
        total = options.get("total_victory")   # CL-O-01: and none of your own capitals lost
        if count_held(board, state, v["axis_capitals"], ALLIES) >= v["allies_need"] and \
                not (total and count_held(board, state, v["allied_capitals"], AXIS)):
            state.victory = ALLIES
        elif count_held(board, state, v["allied_capitals"], AXIS) >= v["axis_need"] and \
                not (total and count_held(board, state, v["axis_capitals"], ALLIES)):
            state.victory = AXIS
    elif kind == "p40" and state.hold:
        if state.hold[0] == AXIS:
            if _held(board, state, v["axis_capital"], AXIS):
                state.victory = AXIS
        elif _any_held(board, state, v["allied_capitals"], ALLIES):
            state.victory = ALLIES
    elif kind == "g40" and state.hold:
        if state.hold[0] == AXIS:
            caps = v["axis_capitals"]
        else:
            caps = v["allied_capitals"]
        if _any_held(board, state, caps, state.hold[0]):
            state.victory = state.hold[0]
    state.hold = []


def count_held(board, state, ts, side):
    n = 0
    for t in ts:
        if _held(board, state, t, side):
            n += 1
    return n


def round_end(board, state, options):
    """Checks after the last power of a round (CL-P-11, CL-S-09, LHTR-P-08)."""
    if state.victory >= 0:
        return
    kind = board.rules["victory"]
    if kind == "classic":
        need = board.rules.get("economic_victory", 0)
        if need:
            from engine_core.ledger.economy import production
            total = 0
            for p in board.victory["economic_powers"]:
                total += production(board, state, p)
            if total >= need:
                state.victory = AXIS
    elif kind == "vc_count":
        level = options.get("vc_level", board.rules.get("vc_level", 9))
        a, b = vc_counts(board, state)
        if a >= level:
            state.victory = AXIS
        elif b >= level:
            state.victory = ALLIES


def individual_percent_tenths(start, final):
    """CL-P-13: the individual winner's score, (final - start) / start * 100 truncated to one
    decimal, as an int in tenths of a percent (integer arithmetic, no floats)."""
    diff = (final - start) * 1000
    if diff < 0:
        return -((-diff) // start)   # truncate toward zero (CL-A-04: may be negative)
    return diff // start


def individual_increase(start, final):
    """LHTR-P-10: the individual winner's score, the absolute production increase."""
    return final - start


def individual_winner(board, state):
    """The winning side's individual winner once the game is won, or None: Classic (CL-P-13)
    "Whoever has the greatest percentage is the individual winner" (the NPL's increase over the
    starting one, in tenths of a percent); Revised / LHTR (LHTR-P-10, optional) the greatest
    absolute increase in IPCs; the 1940 games have none. Returns (powers at the top, in turn
    order (a tie names them all, CL-A-04), score, "percent_tenths" or "ipc")."""
    kind = board.rules.get("victory")
    if state.victory < 0 or kind not in ("classic", "vc_count"):
        return None
    from engine_core.ledger.economy import production
    best = None
    top = []
    for p in board.turn_order:
        if board.side(p) != state.victory:
            continue
        start = board.starting_treasury(p)
        final = production(board, state, p)
        if kind == "classic":
            score = individual_percent_tenths(start, final)
        else:
            score = individual_increase(start, final)
        if best is None or score > best:
            best = score
            top = [p]
        elif score == best:
            top.append(p)
    if best is None:
        return None
    return (tuple(top), best, "percent_tenths" if kind == "classic" else "ipc")
