"""How far a rocket flies, every edition: a small module of its own so that the game ledger
can check a rocket's range (game.py `rocket`) without loading the raid engine (raids.py)."""

from engine_core.editions import family, FAM_CLASSIC, FAM_1940


def rocket_range(edition):
    """Spaces a rocket may fly: 3 (CL-T-07, LHTR-T-08), 4 from an air base (P40-R-12)."""
    if not isinstance(edition, str):
        edition = edition.edition
    return 4 if family(edition) == FAM_1940 else 3


def spaces_between(adjacent, source, target, limit, blocked=None, count=0):
    """Fewest spaces from `source` to `target` (territories and sea zones alike, as
    movement counts them: CL-A-21, LHTR-A-20, P40-X-44), never passing *through* a
    space for which `blocked(space)` is true; -1 if more than `limit` or unreachable.
    `adjacent(space)` gives the neighbours (board.adjacent); `count`: the board's number of
    spaces, if known (the spaces seen are then kept in a bytearray: the device's heap)."""
    if source == target:
        return 0
    seen = bytearray(count) if count else {}
    seen[source] = 1
    frontier = [source]
    dist = 0
    while frontier and dist < limit:
        dist += 1
        nxt = []
        for here in frontier:
            for there in adjacent(here):
                if seen[there] if count else there in seen:
                    continue
                if there == target:
                    return dist
                seen[there] = 1
                if blocked is not None and blocked(there):
                    continue
                nxt.append(there)
        frontier = nxt
    return -1


# neutral kinds of engine_core/board.py a rocket may not fly over (1940, LHTR): every true
# neutral; Dutch and French territories are Allied ground (NK_DUTCH 6, NK_FRENCH 7 pass)
_NK_BLOCKING = (1, 2, 3, 4, 5, 8)


def rocket_in_range(board, launcher, target, is_neutral=None):
    """True if a rocket from territory `launcher` reaches `target`: 3 spaces in Classic
    and Revised (CL-T-07, LHTR-T-08), 4 in the 1940 games (P40-R-12). In the 1940 games
    rockets never fly over neutral territories (P40-R-12, G40-R-04); LHTR neutrals are
    impassable and spaces count like movement (LHTR-A-20); Classic neutrals may be
    crossed (CL-A-21). Impassable spaces are never crossed. `is_neutral(t)` overrides the
    start-of-game neutral kinds (a neutral taken over since is no longer neutral)."""
    fam = family(board.edition)

    def blocked(t):
        if board.is_impassable(t):
            return True
        if fam == FAM_CLASSIC or board.is_sea(t):
            return False
        if is_neutral is not None:
            return is_neutral(t)
        return board.neutral_kind(t) in _NK_BLOCKING

    return spaces_between(board.adjacent, launcher, target, rocket_range(board), blocked,
                          getattr(board, "territory_count", 0)) >= 0


def neutral_now(board, state):
    """`is_neutral` for a game in progress: a neutral a power has taken since the start is no
    longer in the way (P40-R-12, G40-R-04, LHTR-A-20)."""
    from engine_core.ledger.state import NO_OWNER
    return lambda t: state.owner[t] == NO_OWNER and board.neutral_kind(t) in _NK_BLOCKING


def launchers(board, state, power, target):
    """The territories from which `power` may fire a rocket at `target` now: its own land
    within range (Classic / Revised: its AA guns are there, the players' word; 1940: an
    operative air base, fewer than 3 damage markers, P40-R-12), in territory order. One
    search outward from the target (the spaces between count alike both ways)."""
    from engine_core.ledger import economy as E
    n = board.territory_count
    fam = family(board.edition)
    y1940 = fam == FAM_1940
    is_neutral = neutral_now(board, state)
    seen = bytearray(n)
    seen[target] = 1
    frontier = [target]
    dist = 0
    limit = rocket_range(board)
    while frontier and dist < limit:
        dist += 1
        nxt = []
        for here in frontier:
            for there in board.adjacent(here):
                if seen[there]:
                    continue
                seen[there] = 1
                if board.is_impassable(there) or (fam != FAM_CLASSIC and not board.is_sea(there)
                                                  and is_neutral(there)):
                    continue   # reached, never crossed
                nxt.append(there)
        frontier = nxt
    out = []
    for t in range(n):
        if t == target or not seen[t] or board.is_sea(t) or state.owner[t] != power:
            continue
        if y1940 and not (state.facilities[t] & E.FAC_AIR_BASE and E.get_damage(state, t, E.DMG_AIR) < 3):
            continue
        out.append(t)
    return out
