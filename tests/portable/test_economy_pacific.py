"""Pacific 1940 ledger: captures, neutrals, China, mobilization, turn flow (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _raises, _to


def _phases_of_turn(g):
    power = g.summary()["power"]
    seen = []
    while g.summary()["power"] == power:
        seen.append(g.summary()["phase"])
        if g.prompt is not None:
            g.apply({"type": "answer", "value": 0})
        else:
            g.apply({"type": "end_phase"})
    return seen


def test_attacking_french_indo_china_ends_the_peace_objective():
    """P40-P-13, P40-E-78: Japan may attack French territories at any time without a war;
    P40-C-101: the captor's production rises by the value (FIC 2); P40-E-51: attacking FIC
    cancels the +10 for good; P40-E-30, P40-E-32: income = production + objectives."""
    g = Game.new("pacific_1940")
    _to(g, "Japan", "combat")
    g.apply({"type": "capture", "territory": "French Indo China"})
    assert g.summary()["production"]["Japan"] == 28
    _to(g, "United States", "purchase")
    assert g.summary()["treasury"]["Japan"] == 26 + 28


def test_mongolian_neutral_capture_conversion_and_no_liberation():
    """P40-C-131: Japan takes Olgiy once its standing army is destroyed (the battle's
    business: no army joins Japan); P40-C-133, P40-E-75: that first attack makes the other
    neutrals friendly to the Allies; P40-E-76, P40-T-43: the UK (at war) converts Dzavhan in
    Noncombat Move and its standing army (1 infantry) joins the UK; P40-C-110, P40-E-77: a former
    neutral has no original controller, so the UK retaking Olgiy captures it. P40-E-83: China
    may do neither (Chinese units enter only Chinese territories, Kwangtung and Burma)."""
    g = Game.new("pacific_1940")
    b = g.board
    olgiy = b.territory_id("Olgiy")
    dzavhan = b.territory_id("Dzavhan")
    uk = b.power_id("United Kingdom")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    _to(g, "Japan", "combat")
    ev = g.apply({"type": "capture", "territory": "Olgiy"})
    assert [e for e in ev if e[0] == 8] == []
    assert g.state.owner[olgiy] == b.power_id("Japan")
    _to(g, "China", "combat")
    _raises("P40-E-83", g.apply, {"type": "capture", "territory": "Olgiy"})
    _to(g, "China", "noncombat_move")
    _raises("P40-E-83", g.apply, {"type": "capture", "territory": "Dzavhan"})
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "Olgiy"})
    assert g.state.owner[olgiy] == uk
    _to(g, "United Kingdom", "noncombat_move")
    ev = g.apply({"type": "capture", "territory": "Dzavhan"})
    assert (8, dzavhan, uk, b.unit_id("infantry"), 1) in ev
    assert g.state.owner[dzavhan] == uk


def test_china_keeps_its_ipcs_and_never_skips():
    """P40-E-81, P40-E-90: China has no capital: Japan taking Chinese territories plunders
    nothing and China still buys; P40-E-18: Chinese units go in any Chinese territory China
    controls, even one taken this turn, without a complex."""
    g = Game.new("pacific_1940")
    _to(g, "Japan", "combat")
    for t in ("Yunnan", "Szechwan", "Hunan"):
        g.apply({"type": "capture", "territory": t})
    assert g.summary()["treasury"]["China"] == 12
    _to(g, "China", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 3}})
    _to(g, "China", "combat")
    g.apply({"type": "capture", "territory": "Hunan"})
    _to(g, "China", "mobilize")
    g.apply({"type": "place", "territory": "Hunan", "units": {"infantry": 2}})
    _raises("P40-E-18", g.apply, {"type": "place", "territory": "India", "units": {"infantry": 1}})
    g.apply({"type": "place", "territory": "Kweichow", "units": {"infantry": 1}})


def test_mobilization_sites_1940():
    """P40-E-10, P40-E-13: land units only in a territory with an eligible complex held
    since the start of the turn; P40-E-14: sea units in a sea zone next to it; P40-E-15:
    fighters in the complex's territory; P40-E-16: facilities go in a territory held since
    the start of the turn, need no complex and do not count against the cap; P40-T-13:
    bought units wait in the pool until Mobilize."""
    g = Game.new("pacific_1940")
    b = g.board
    japan = b.territory_id("Japan")
    g.apply({"type": "purchase", "units": {"infantry": 1, "destroyer": 1, "air_base": 1}})
    assert len(g.state.pool) == 3
    _to(g, "Japan", "combat")
    g.apply({"type": "capture", "territory": "Yunnan"})
    _to(g, "Japan", "mobilize")
    _raises("P40-E-11", g.apply, {"type": "place", "territory": "Korea", "units": {"infantry": 1}})
    _raises("P40-E-14", g.apply, {"type": "place", "territory": "Japan", "units": {"destroyer": 1}})
    _raises("P40-E-16", g.apply, {"type": "place", "territory": "Yunnan", "units": {"air_base": 1}})
    sz = [z for z in b.adjacent(japan) if b.is_sea(z)][0]
    g.apply({"type": "place", "territory": "Japan", "units": {"destroyer": 1}, "sea_zone": sz})
    g.apply({"type": "place", "territory": "Japan", "units": {"infantry": 1}})
    g.apply({"type": "place", "territory": "Korea", "units": {"air_base": 1}})
    assert g.state.facilities[b.territory_id("Korea")] & 8
    assert g.state.placed[japan] == 2 and g.state.pool == []


def test_upgrade_and_repair():
    """P40-T-12, P40-E-03: an IC upgrade costs 20 and takes effect after Mobilize, the
    upgraded complex places at most 3 that turn (P40-E-12); P40-E-04: a repair works at once
    (the complex places more units the same turn); P40-E-01: purchases and repairs come off
    the treasury before income is added."""
    g = Game.new("pacific_1940")
    b = g.board
    korea = b.territory_id("Korea")
    g.state.facilities[korea] |= 4           # a minor complex built earlier
    g.state.damage[korea] = 2
    g.apply({"type": "repair", "territory": "Korea", "count": 1})
    assert g.state.damage[korea] == 1
    g2 = Game.new("pacific_1940")
    g2.state.facilities[korea] |= 4
    g2.apply({"type": "upgrade", "territory": "Korea"})
    g2.apply({"type": "purchase", "units": {"infantry": 2}})
    assert g2.summary()["treasury"]["Japan"] == 26 - 20 - 6
    _to(g2, "Japan", "mobilize")
    g2.apply({"type": "place", "territory": "Korea", "units": {"infantry": 2}})
    g2.apply({"type": "end_phase"})
    assert g2.state.facilities[korea] & 2 and not g2.state.facilities[korea] & 4
    assert g.summary()["treasury"]["Japan"] == 25


def test_capital_lost_plays_only_movement_and_combat():
    """P40-T-03, P40-C-106: the UK without India plays only Combat Move, Conduct Combat and
    Noncombat Move, collects nothing; P40-E-06: ANZAC's treasury is its own and unaffected."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "India"})
    _to(g, "United Kingdom", "combat_move")
    assert _phases_of_turn(g) == ["combat_move", "combat", "noncombat_move"]
    assert g.summary()["treasury"]["United Kingdom"] == 0
    assert g.summary()["power"] == "ANZAC" and g.summary()["treasury"]["ANZAC"] == 10


def test_turn_flow_and_per_territory_records():
    """P40-T-01: six phases; P40-T-02: Collect Income ends the turn; P40-T-04: a power at war
    with no one (the US) still reaches Combat Move; P40-T-73: per territory the controller,
    original controller and a "captured this turn" flag; P40-T-75: the turn each victory
    city last changed sides; P40-T-30: captures are recorded in Conduct Combat."""
    g = Game.new("pacific_1940")
    b = g.board
    yunnan = b.territory_id("Yunnan")
    _to(g, "Japan", "combat")
    g.apply({"type": "capture", "territory": "Yunnan"})
    assert g.state.captured[yunnan] == 1 and b.original_owner(yunnan) == b.power_id("China")
    g.apply({"type": "end_phase"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "end_phase"})
    assert g.summary()["phase"] == "collect_income"
    g.apply({"type": "end_phase"})
    assert g.summary()["power"] == "United States" and g.state.captured[yunnan] == 0
    from engine_core.ledger.state import since_of
    assert since_of(g.state, yunnan) == 1
    assert _phases_of_turn(g) == ["purchase", "combat_move", "combat", "noncombat_move",
                                  "mobilize", "collect_income"]


def test_liberation_returns_facilities_and_aa():
    """P40-C-103: ANZAC retaking Malaya (original UK, India still British) liberates it:
    the UK gets control, production and its naval base back; P40-C-109 (errata): the AA
    guns there go to the liberated ally; P40-T-31, P40-X-35: settled as the capture is
    recorded (same result as at the end of Conduct Combat: capitals change hands only in
    combat)."""
    g = Game.new("pacific_1940")
    b = g.board
    malaya = b.territory_id("Malaya")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "end_phase"})
    ev = g.apply({"type": "capture", "territory": "Malaya", "aa": 1})
    assert (9, malaya, b.power_id("Japan")) in ev
    _to(g, "ANZAC", "combat")
    ev = g.apply({"type": "capture", "territory": "Malaya", "aa": 1})
    assert (9, malaya, b.power_id("United Kingdom")) in ev
    assert g.state.owner[malaya] == b.power_id("United Kingdom")
    assert g.state.facilities[malaya] & 16
    p = g.summary()["production"]
    assert p["United Kingdom"] == 16 and p["ANZAC"] == 10


def test_china_takes_bases_it_captures():
    """P40-E-86: China takes control of an air base in a territory it captures (the base
    stays, now Chinese; its use is movement on the map); P40-C-102: facilities pass to the
    captor's side."""
    g = Game.new("pacific_1940")
    b = g.board
    kiangsu = b.territory_id("Kiangsu")
    g.state.facilities[kiangsu] |= 8
    _to(g, "China", "combat")
    g.apply({"type": "capture", "territory": "Kiangsu"})
    assert g.state.owner[kiangsu] == b.power_id("China") and g.state.facilities[kiangsu] & 8


def test_aaa_stays_with_the_ally_when_the_capital_is_freed():
    """P40-X-05, P40-C-109 (003): AAA passes with the territory; the exception: the US takes
    New Guinea from Japan while Sydney is Japanese, then liberates Sydney: New Guinea goes
    back to ANZAC (P40-C-108) but the US keeps the AAA (no AA event for New Guinea)."""
    g = Game.new("pacific_1940")
    b = g.board
    ng = b.territory_id("New Guinea")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "declare_war", "target": "United States"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "New South Wales"})
    g.apply({"type": "capture", "territory": "New Guinea", "aa": 1})
    _to(g, "United States", "combat")
    ev = g.apply({"type": "capture", "territory": "New Guinea", "aa": 1})
    assert (9, ng, b.power_id("United States")) in ev
    ev = g.apply({"type": "capture", "territory": "New South Wales"})
    assert g.state.owner[ng] == b.power_id("ANZAC")
    assert [e for e in ev if e[0] == 9 and e[1] == ng] == []
    assert (4, ng, b.power_id("United States"), b.power_id("ANZAC")) in ev


def test_china_takes_kwangtung_only_while_india_is_axis():
    """P40-E-83, P40-X-38: China keeps Kwangtung it recaptures from Japan only while India is
    Axis-controlled; otherwise taking it liberates it for the UK."""
    for india_lost in (False, True):
        g = Game.new("pacific_1940")
        b = g.board
        g.apply({"type": "end_phase"})
        g.apply({"type": "declare_war", "target": "United Kingdom"})
        g.apply({"type": "end_phase"})
        g.apply({"type": "capture", "territory": "Kwangtung"})
        if india_lost:
            g.apply({"type": "capture", "territory": "India"})
        _to(g, "China", "combat")
        g.apply({"type": "capture", "territory": "Kwangtung"})
        want = "China" if india_lost else "United Kingdom"
        assert g.state.owner[b.territory_id("Kwangtung")] == b.power_id(want)
        g = None


def test_china_places_without_limit():
    """P40-X-37, P40-E-18: no per-territory limit on Chinese placement (4 infantry in one
    territory)."""
    g = Game.new("pacific_1940")
    _to(g, "China", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    _to(g, "China", "mobilize")
    g.apply({"type": "place", "territory": "Szechwan", "units": {"infantry": 4}})
    assert g.state.pool == []


def test_attacked_neutral_shows_its_army():
    """P40-C-130: attacking a neutral (Ulaanbaatar, 1 infantry) makes its standing army appear
    on the side opposed to the attacker; P40-C-132: if the attack fails the territory stays
    uncontrolled (nothing is captured)."""
    g = Game.new("pacific_1940")
    b = g.board
    t = b.territory_id("Ulaanbaatar")
    _to(g, "Japan", "combat_move")
    ev = g.apply({"type": "enter", "territory": "Ulaanbaatar", "attack": 1})
    assert (27, t, 1, b.unit_id("infantry"), 1) in ev
    assert g.state.owner[t] == 255


def test_control_stays_until_an_enemy_captures():
    """P40-C-12: a power keeps a territory it has emptied until an enemy captures it: Japan
    takes Yunnan (1 IPC) and, with nobody retaking it, still holds it and collects for it a
    round later; only a capture changes its controller."""
    g = Game.new("pacific_1940")
    b = g.board
    jp, cn = b.power_id("Japan"), b.power_id("China")
    yunnan = b.territory_id("Yunnan")
    _to(g, "Japan", "combat")
    g.apply({"type": "capture", "territory": yunnan})
    prod = g.summary()["production"]["Japan"]
    assert g.state.owner[yunnan] == jp
    while not (g.state.round == 2 and g.summary()["power"] == "Japan"):
        if g.prompt is not None:
            g.apply({"type": "answer", "value": 0})
        else:
            g.apply({"type": "end_phase"})
    assert g.state.owner[yunnan] == jp and g.summary()["production"]["Japan"] == prod
    _to(g, "China", "combat")
    g.apply({"type": "capture", "territory": yunnan})
    assert g.state.owner[yunnan] == cn
