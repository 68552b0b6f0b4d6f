# gate heap: 216K (smallest heap that passes: 196K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
# Was 208K (twelve Pacific 1940 games in one file: the ledger, politics and convoy bytecode sit in the unix port's heap beside their data; 192K ran out once a recorded battle took politics' checks too, 98d814c; 196K passes; a board runs them frozen from flash)
# Pacific 1940: rules an independent audit found wrong or unstatable (issue 16), each worked by
# hand from ../shared/seeds/pacific-1940-rulebook.txt (errata 003 where it wins).
from engine_core.ledger.game import Game
from engine_core.ledger import convoy
from engine_core.dice import FixedDice
from portable_helpers import _to, _raises

ED = "pacific_1940"


# ----- item 9: kamikaze strikes only in kamikaze zones

def _us_at_war():
    g = Game.new(ED)
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United States"})
    _to(g, "United States", "combat")
    return g


def test_kamikaze_only_in_kamikaze_zones():
    """P40-C-31: "These strikes can be made only in sea zones that contain the Kamikaze
    symbol" (zones 6, 17, 19, 20, 22, 35 on this map). A strike announced in Sea Zone 10 or on
    Western United States is refused and no token is spent; Sea Zone 19 takes it."""
    g = _us_at_war()
    _raises("P40-C-31", g.apply, {"type": "battle", "territory": "Sea Zone 10", "captured": 0,
                                  "kamikaze": 1})
    _raises("P40-C-31", g.apply, {"type": "battle", "territory": "Western United States",
                                  "captured": 0, "kamikaze": 1})
    assert g.state.kamikaze == 6
    g.apply({"type": "battle", "territory": "Sea Zone 19", "captured": 0, "kamikaze": 2})
    assert g.state.kamikaze == 4


def test_kamikaze_only_against_a_power_at_war_with_japan():
    """P40-C-32: the strike answers an Allied attack in a kamikaze zone, "Japan must be at war
    with that power": the US not at war cannot draw one."""
    g = Game.new(ED)
    _to(g, "United States", "combat")
    _raises("P40-C-32", g.apply, {"type": "battle", "territory": "Sea Zone 6", "captured": 0,
                                  "kamikaze": 1})
    assert g.state.kamikaze == 6


# ----- item 10: China enters only Chinese territories, Kwangtung and Burma

def test_china_cannot_capture_outside_its_territories():
    """P40-E-83: Chinese units "can be moved only into territories that have a Nationalist
    Chinese emblem. However, Kwangtung and Burma are special cases ... These are the only
    non-Chinese territories that Chinese units can occupy." China capturing Siam or Korea
    (Japanese, no emblem) is refused and changes nothing; entering them too."""
    g = Game.new(ED)
    b = g.board
    _to(g, "China", "combat_move")
    for name in ("Siam", "Korea"):
        t = b.territory_id(name)
        _raises("P40-E-83", g.apply, {"type": "capture", "territory": name})
        _raises("P40-E-83", g.apply, {"type": "enter", "territory": name, "attack": 1})
        assert g.state.owner[t] == b.power_id("Japan")


def test_china_may_retake_kwangtung_for_the_uk():
    """P40-E-83: Kwangtung is open to Chinese units; retaken from Japan while India is the UK's
    it is a liberation: the UK gets it back (China controls it only while India is Axis)."""
    g = Game.new(ED)
    b = g.board
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    _to(g, "Japan", "combat_move")
    g.apply({"type": "capture", "territory": "Kwangtung"})
    _to(g, "China", "combat_move")
    g.apply({"type": "capture", "territory": "Kwangtung"})
    assert g.state.owner[b.territory_id("Kwangtung")] == b.power_id("United Kingdom")


# ----- item 11: Japan borders sea zones 6 and 19

def test_japan_borders_sea_zones_6_and_19():
    """P40-E-43: "no single territory can lose more IPCs than its own IPC value from multiple
    disrupted adjacent convoys (for example, Japan cannot lose more than 8 IPCs from disrupted
    convoys in sea zones 6 and 19)": Japan borders both zones (the rulebook wins over the map
    data). So it is not an island under errata 003's definition (P40-X-11)."""
    for ed in (ED, "global_1940"):
        g = Game.new(ed)
        b = g.board
        japan = b.territory_id("Japan")
        zones = [b.sea_zone_number(a) for a in b.adjacent(japan) if b.is_sea(a)]
        assert sorted(zones) == [6, 19], (ed, zones)
        assert b.are_adjacent(b.territory_id("Sea Zone 19"), japan)
        assert not b.is_island(japan)


def test_japan_convoy_cap_over_zones_6_and_19():
    """P40-E-41..43: Japan's other neighbours of zones 6 and 19 (Korea, Jehol, Kiangsu,
    Manchuria, Okinawa, Shantung) taken from it, only Japan (8) is left next to both zones. A US
    submarine in zone 19 rolls 3, 3: 6 damage, under the zone cap of 8 (Japan alone): Japan
    loses 6 (before, zone 19 touched no Japanese territory and cost nothing). Damage of 10 in
    each zone: Japan loses 8, its own value."""
    g = _us_at_war()
    b = g.board
    s = g.state
    jp = b.power_id("Japan")
    us = b.power_id("United States")
    for name in ("Korea", "Jehol", "Kiangsu", "Manchuria", "Okinawa", "Shantung"):
        s.owner[b.territory_id(name)] = b.power_id("China")
    z6 = b.territory_id("Sea Zone 6")
    z19 = b.territory_id("Sea Zone 19")
    loss, per_zone = convoy.disruption(b, s, jp, ((z19, us, b.unit_id("submarine"), 1),),
                                       FixedDice([3, 3]))
    assert loss == 6 and per_zone == ((z19, (3, 3), 6, 8),)
    assert convoy.capped_loss(b, s, jp, ((z6, 10), (z19, 10))) == 8


# ----- item 16: damaged bases neither scramble nor repair

def test_damaged_air_base_cannot_scramble():
    """P40-U-67: an air base is "Inoperative at 3 or more damage: no range bonus, no scramble";
    P40-C-20: each territory with an operative air base scrambles up to 3 into an adjacent zone
    under attack. Hawaii (an island with an air base) may scramble into Sea Zone 26 - the
    battle's air_bases is 1 - until its air base has 3 damage markers (2 still works)."""
    from engine_core.ledger import economy as E
    g = Game.new(ED)
    b = g.board
    s = g.state
    hawaii = b.territory_id("Hawaiian Islands")
    z26 = b.territory_id("Sea Zone 26")
    us = b.power_id("United States")
    assert E.scramble_bases(b, s, z26, us) == [hawaii]
    E.set_damage(s, hawaii, E.DMG_AIR, 2)
    assert E.scramble_bases(b, s, z26, us) == [hawaii]
    E.set_damage(s, hawaii, E.DMG_AIR, 3)
    assert E.scramble_bases(b, s, z26, us) == []


def test_scramble_only_from_islands_by_default():
    """P40-X-10 (errata 003 wins): only island territories with an air base scramble; Japan
    borders zones 6 and 19, so it is no island (P40-X-11) and cannot, unless the rulebook's
    "island or coastal" option (p40_scramble_from) is chosen."""
    from engine_core.ledger import economy as E
    g = Game.new(ED)
    b = g.board
    z6 = b.territory_id("Sea Zone 6")
    jp = b.power_id("Japan")
    assert E.scramble_bases(b, g.state, z6, jp) == []
    assert E.scramble_bases(b, g.state, z6, jp, {"p40_scramble_from": "islands_and_coastal"}) == \
        [b.territory_id("Japan")]


def test_damaged_naval_base_repairs_nothing():
    """P40-U-66: "Damaged capital ships in a serviced zone are repaired free during their
    owner's Purchase & Repair phase" - unless the naval base is inoperative (3 or more damage
    markers): Pearl Harbor (Hawaii) repairs US ships in Sea Zone 26, not once it has 3."""
    from engine_core.ledger import economy as E
    g = Game.new(ED)
    b = g.board
    s = g.state
    hawaii = b.territory_id("Hawaiian Islands")
    z26 = b.territory_id("Sea Zone 26")
    us = b.power_id("United States")
    assert E.free_repair(b, s, z26, us)
    E.set_damage(s, hawaii, E.DMG_NAVAL, 3)
    assert not E.free_repair(b, s, z26, us)


# ----- found looking for the same kinds of gap: an order within a phase the ledger did not keep

def test_war_declared_before_any_combat_movement():
    """P40-P-02 (G40-P-02): "War must be declared on your turn at the beginning of the Combat
    Move phase, before any combat movements are made". Japan attacks Yunnan (at war with
    China already) and then declares war on the UK: refused, nothing changes (the ledger
    took it). Declared first, then the move, both stand. (Global 1940: test_rulings_audit_global.)"""
    g = Game.new(ED)
    _to(g, "Japan", "combat_move")
    g.apply({"type": "enter", "territory": "Yunnan", "attack": 1})
    before = (g.state.snapshot(), len(g.state.journal))
    _raises("P40-P-02", g.apply, {"type": "declare_war", "target": "United Kingdom"})
    assert (g.state.snapshot(), len(g.state.journal)) == before
    uk = g.board.power_id("United Kingdom")
    assert not g.state.is_at_war(g.board.power_id("Japan"), uk)
    g = Game.new(ED)
    _to(g, "Japan", "combat_move")
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "enter", "territory": "Yunnan", "attack": 1})
    assert g.state.is_at_war(g.board.power_id("Japan"), uk)


def test_battle_only_against_a_power_at_war():
    """P40-P-06: "A power may never attack a territory controlled by, or holding units of, a
    power it is not at war with." A battle the players record without a capture was taken
    anywhere: Japan (at war with China only) at Hawaiian Islands (US) and at Korea (its own).
    Both are refused now and change nothing; Yunnan (China) is recorded with its IPCs."""
    g = Game.new(ED)
    _to(g, "Japan", "combat")
    before = (g.state.snapshot(), len(g.state.journal))
    for t in ("Hawaiian Islands", "Korea"):
        _raises("P40-P-06", g.apply, {"type": "battle", "territory": t, "captured": 0,
                                      "attacker_ipc": 10, "defender_ipc": 3})
    assert (g.state.snapshot(), len(g.state.journal)) == before
    b = g.board
    ev = g.apply({"type": "battle", "territory": "Yunnan", "captured": 0, "attacker_ipc": 10,
                  "defender_ipc": 3})
    assert ev[0][1:] == (b.territory_id("Yunnan"), b.power_id("Japan"), 10, 3)


def test_noncombat_move_takes_no_enemy_territory():
    """P40-T-41: in Noncombat Move "Land units may enter friendly or friendly-neutral
    territories, including ones captured this turn. Never hostile territory". Japan attacking
    or taking Yunnan (Chinese) in Noncombat Move was taken; both are refused now and change
    nothing. Unheld spaces still change hands then: the UK moves land units into Java as a
    noncombat move (P40-E-71, Dutch guardianship) and its income grows 16 -> 16 + 4 = 20."""
    g = Game.new(ED)
    _to(g, "Japan", "noncombat_move")
    before = (g.state.snapshot(), len(g.state.journal))
    _raises("P40-T-41", g.apply, {"type": "enter", "territory": "Yunnan", "attack": 1})
    _raises("P40-T-41", g.apply, {"type": "capture", "territory": "Yunnan"})
    assert (g.state.snapshot(), len(g.state.journal)) == before
    _to(g, "United Kingdom", "noncombat_move")
    assert g.summary()["production"]["United Kingdom"] == 16
    g.apply({"type": "capture", "territory": "Java"})
    assert g.summary()["production"]["United Kingdom"] == 20
