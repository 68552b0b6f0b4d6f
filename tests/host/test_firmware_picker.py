"""The space picker's own rules (firmware/picker.py): order, candidates, recent first, press counts.

Press counts come from a breadth-first search over the picker's states driven only through
`Picker.key()` -- the keys a player presses -- so the bound holds for the picker as built,
not for a formula of it.
"""

from engine_core import board as bmod
from engine_core.ledger.game import Game
from firmware import picker as pk

KEYS = ("up", "down", "left", "right", "select", "back")


def presses(p):
    """{space id: fewest presses from the picker's opening state to picking it (select included)}."""
    start = (p.group, p.cursor, p.index_cursor)
    dist = {start: 0}
    frontier = [start]
    best = {}
    while frontier:
        nxt = []
        for st in frontier:
            for k in KEYS:
                p.group, p.cursor, p.index_cursor = st
                got = p.key(k)
                if got is not None:
                    if got not in best or best[got] > dist[st] + 1:
                        best[got] = dist[st] + 1
                    continue
                ns = (p.group, p.cursor, p.index_cursor)
                if ns not in dist:
                    dist[ns] = dist[st] + 1
                    nxt.append(ns)
        frontier = nxt
    p.group, p.cursor, p.index_cursor = start
    return best


def test_sea_zones_in_numeric_order():
    """Sea zones by number (the printed map's numbering: P40-G-01 map), land by name first."""
    board = bmod.load("pacific_1940")
    ids = pk.ordered(board, range(board.territory_count))
    sea = [board.territory_name(t) for t in ids if board.is_sea(t)]
    assert sea[:3] == ["Sea Zone 1", "Sea Zone 2", "Sea Zone 3"]
    assert sea.index("Sea Zone 19") + 1 == sea.index("Sea Zone 20")
    assert sea[-1] == "Sea Zone 63"
    land = [board.territory_name(t) for t in ids if not board.is_sea(t)]
    assert len(land) + len(sea) == board.territory_count
    assert ids.index(board.territory_id("Yunnan")) < ids.index(board.territory_id("Sea Zone 1"))
    assert pk.space_key("Sea Zone 2") < pk.space_key("Sea Zone 19") < pk.space_key("Sea Zone 100")


def test_every_global_1940_space_within_12_presses():
    """All 333 spaces of Global 1940 (a free battle board: any space), with and without recent picks."""
    board = bmod.load("global_1940")
    ids = pk.ordered(board, range(board.territory_count))
    assert len(ids) == 333
    for recent in ((), [board.territory_id(n) for n in ("Sea Zone 110", "Egypt", "Kwangtung", "Sea Zone 6")]):
        cost = presses(pk.Picker(board, ids, recent))
        assert sorted(cost) == sorted(ids)
        assert max(cost.values()) <= 12, max(cost.values())
        for t in recent:
            assert cost[t] <= recent.index(t) + 1  # on top of the index: downs, then select


def test_every_space_of_every_edition_within_12_presses():
    for edition in ("classic", "revised", "revised_lhtr", "pacific_1940", "global_1940_variant"):
        board = bmod.load(edition)
        cost = presses(pk.Picker(board, pk.ordered(board, range(board.territory_count))))
        assert len(cost) == board.territory_count, edition
        assert max(cost.values()) <= 12, (edition, max(cost.values()))


def test_pacific_sea_zone_6_few_presses():
    """The issue's example: Pacific Sea Zone 6 took 25 presses in the alphabetical list."""
    board = bmod.load("pacific_1940")
    cost = presses(pk.Picker(board, pk.ordered(board, range(board.territory_count))))
    assert cost[board.territory_id("Sea Zone 6")] <= 8


def test_battle_candidates_are_enemy_neutral_and_sea():
    """P40-C-01: an attack goes into a hostile (at war) or neutral space; at the start of Global 1940
    Germany is at war with the UK, France and ANZAC (G40 starting wars), not with the USSR or the US."""
    game = Game.new("global_1940", seed=1)
    board, state = game.board, game.state
    me = board.power_id("Germany")
    ids = pk.candidates(board, state, me, "battle")
    names = [board.territory_name(t) for t in ids]
    assert "France" in names                # French at the start, and at war with Germany
    assert "United Kingdom" in names        # at war
    assert "Russia" not in names            # the USSR is not at war with Germany
    assert "Western United States" not in names
    assert "Switzerland" in names           # neutral: an attack on it is a combat move
    assert "Himalayas" not in names         # impassable
    assert "Germany" not in names
    sea = [t for t in ids if board.is_sea(t)]
    assert len(sea) == sum(1 for t in range(board.territory_count) if board.is_sea(t))
    for t in ids:
        if not board.is_sea(t):
            owner = state.owner[t]
            assert owner == 255 or state.is_at_war(me, owner)
    assert pk.candidates(board, state, me, "capture") == ids
    assert len(pk.candidates(board, state, me, "any")) == 333


def test_mobilize_candidates_are_own_complexes():
    """P40-E-10 / G40-E-02: the mover's complexes (the UK's turn includes UK Pacific's)."""
    game = Game.new("global_1940", seed=1)
    board, state = game.board, game.state
    me = board.power_id("Germany")
    names = [board.territory_name(t) for t in pk.candidates(board, state, me, "mobilize")]
    assert "Germany" in names and "Western Germany" in names
    assert "United Kingdom" not in names
    for t in pk.candidates(board, state, me, "mobilize"):
        assert state.owner[t] == me and state.facilities[t] & bmod.FAC_ANY_IC
    uk = pk.candidates(board, state, board.power_id("United Kingdom"), "mobilize")
    assert board.territory_id("India") in uk  # UK Pacific's complex, placed in the UK's turn


def test_recent_first_and_remembered_newest_first():
    board = bmod.load("pacific_1940")
    ids = pk.ordered(board, range(board.territory_count))
    k, s6 = board.territory_id("Kwangtung"), board.territory_id("Sea Zone 6")
    recent = pk.remember(pk.remember([], k), s6)
    assert recent == [s6, k]
    assert pk.remember(recent, k) == [k, s6]
    many = []
    for t in ids[:10]:
        many = pk.remember(many, t)
    assert many == list(reversed(ids[6:10])) and len(many) == pk.RECENT
    p = pk.Picker(board, ids, recent)
    rows = p.rows()
    assert rows[0] == ("Sea Zone 6", s6) and rows[1] == ("Kwangtung", k)
    assert p.key("select") == s6  # one press
    small = pk.Picker(board, ids[:10], [ids[7]])  # a flat list: the recent one on top too
    assert small.flat and small.rows()[0][1] == ids[7] and len(small.rows()) == 10


def test_groups_and_back():
    board = bmod.load("pacific_1940")
    p = pk.Picker(board, pk.ordered(board, range(board.territory_count)))
    labels = [r[0] for r in p.rows()]
    assert "Sea Zone 1-9" in labels and "Sea Zone 10-19" in labels and labels[-1] == "Sea Zone 60-63"
    for _label, part in p.parts:
        assert len(part) <= pk.GROUP
    p.cursor = labels.index("Sea Zone 10-19")
    assert p.key("select") is None and not p.at_top()
    assert p.rows()[0][0] == "Sea Zone 10"
    p.key("down")
    assert p.key("select") == board.territory_id("Sea Zone 11")
    p.key("back")
    assert p.at_top() and p.cursor == labels.index("Sea Zone 10-19")
    p.jump_to(board.territory_id("Sea Zone 42"))
    assert p.rows()[p.cursor][0] == "Sea Zone 42"
