"""Revised / LHTR economy: purchase, mobilization, capture and liberation (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _raises, _to_phase, _to


def test_lhtr_complex_limit_is_territory_value():
    """LHTR-E-04: each IC places at most its territory's value (Caucasus 4 in the sample
    turn; here the board's value), the excess is lost."""
    g = Game.new("revised_lhtr")
    b = g.board
    t = b.territory_id("Caucasus")
    value = b.ipc(t)
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": value + 1}})
    _to_phase(g, "mobilize")
    _raises("LHTR-E-04", g.apply, {"type": "place", "territory": t, "units": {"infantry": value + 1}})
    g.apply({"type": "place", "territory": t, "units": {"infantry": value}})
    before = g.summary()["treasury"]["Soviet Union"]
    g.apply({"type": "end_phase"})
    assert g.summary()["treasury"]["Soviet Union"] == before   # lost, not refunded
    assert value == 4


def test_lhtr_capture_and_liberation():
    """LHTR-C-70: capturing moves the territory's value between production levels (moving
    into an empty hostile territory in the CM as well); LHTR-C-71: its AA guns and IC pass
    to the captor; LHTR-C-80: retaking an ally's original territory liberates it: the
    original owner gets it back with its income; LHTR-C-82: its AA guns go back when the
    ally holds its capital (LHTR-CHG-ECON-04, LHTR-CHG-ECON-05)."""
    g = Game.new("revised_lhtr")
    b = g.board
    _to(g, "Germany", "combat_move")
    ev = g.apply({"type": "capture", "territory": "Caucasus", "aa": 1})
    cauc = b.territory_id("Caucasus")
    assert (9, cauc, b.power_id("Germany")) in ev and g.state.facilities[cauc] & 1
    assert g.summary()["production"]["Germany"] == 44
    _to(g, "United Kingdom", "combat")
    ev = g.apply({"type": "capture", "territory": "Caucasus", "aa": 1})
    assert (9, cauc, b.power_id("Soviet Union")) in ev
    p = g.summary()["production"]
    assert p["Soviet Union"] == 24 and p["Germany"] == 40 and p["United Kingdom"] == 30


def test_lhtr_capital_plunder_frozen_until_own_capital_freed():
    """LHTR-C-83: the captor of a capital takes every IPC in hand (Germany takes Moscow);
    LHTR-E-13, LHTR-CHG-ECON-07: while its own capital is lost it may not spend them; LHTR-C-84: freeing the
    capital returns it and its friends' holdings of its original territories;
    LHTR-E-11: no buying while the capital is held; LHTR-E-12: income again once freed;
    LHTR-S-07: only CM, CC and NCM are played meanwhile."""
    g = Game.new("revised_lhtr")
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "Germany"})     # UK takes Berlin: 40+40 IPCs
    assert g.summary()["treasury"]["United Kingdom"] == 30 + 80     # Germany held 40 + 40
    _to(g, "Germany", "combat_move")                          # research, purchase skipped
    assert g.state.round == 2
    g.apply({"type": "capture", "territory": "Russia"})       # Moscow: the USSR's 48
    assert g.summary()["treasury"]["Germany"] == 72            # 24 + 24 + 24
    assert g.state.frozen[g.board.power_id("Germany")] == 72
    g.apply({"type": "capture", "territory": "Germany"})      # Berlin freed
    assert g.state.frozen[g.board.power_id("Germany")] == 0
    while g.summary()["power"] == "Germany":
        g.apply({"type": "end_phase"})
    # production 40 + Russia 8 = 48 collected again (LHTR-E-12)
    assert g.summary()["treasury"]["Germany"] == 72 + 48


def test_lhtr_liberation_while_capital_lost_is_capture():
    """LHTR-C-81: if the ally's capital is in enemy hands at the end of the turn, the
    liberator captures the territory instead, collects its income, uses its IC and owns
    its AA guns (here the US retakes Caucasus while Moscow is German; LHTR-CHG-ECON-04,
    LHTR-CHG-ECON-05: nothing goes back to the USSR). ENGINE: checked when
    the capture is recorded, which gives the end-of-turn result since a capital can only
    change hands in its captor's turn (P40-T-31)."""
    g = Game.new("revised_lhtr")
    b = g.board
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": "Caucasus"})
    _to(g, "United States", "combat")
    ev = g.apply({"type": "capture", "territory": "Caucasus", "aa": 1})
    assert (9, b.territory_id("Caucasus"), b.power_id("United States")) in ev
    assert g.summary()["production"]["United States"] == 42 + 4


def test_lhtr_placement_rules():
    """LHTR-E-03: only at ICs held since the start of the turn; LHTR-E-05: land units only
    in the IC's territory; LHTR-E-06: ships in an adjacent sea zone; LHTR-E-09: never at a
    friendly power's IC; LHTR-E-08: a new IC only in a territory worth at least 1, held
    since the start of the turn; LHTR-E-02: no limit on units bought."""
    g = Game.new("revised_lhtr")
    b = g.board
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 2, "industrial_complex": 1}})
    _to_phase(g, "mobilize")
    _raises("LHTR-E-03", g.apply, {"type": "place", "territory": "India", "units": {"infantry": 1}})
    g.apply({"type": "place", "territory": "Russia", "units": {"infantry": 2}})
    zero = [t for t in range(b.territory_count) if not b.is_sea(t) and b.ipc(t) == 0
            and g.state.owner[t] == b.power_id("Soviet Union")]
    if zero:
        _raises("LHTR-E-08", g.apply, {"type": "place", "territory": zero[0], "units": {"industrial_complex": 1}})
    g.apply({"type": "place", "territory": "Kazakh S.S.R.", "units": {"industrial_complex": 1}})
    assert g.state.facilities[b.territory_id("Kazakh S.S.R.")] & 1


def test_lhtr_ships_next_to_the_complex():
    """LHTR-E-06: new ships go in a sea zone next to an eligible IC (Caucasus), not on land;
    LHTR-E-05: land units go in the IC's territory."""
    g = Game.new("revised_lhtr")
    b = g.board
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 2, "submarine": 1}})
    _to_phase(g, "mobilize")
    karelia = b.territory_id("Caucasus")
    sea = [z for z in b.adjacent(karelia) if b.is_sea(z)][0]
    _raises("LHTR-E-06", g.apply, {"type": "place", "territory": "Russia", "units": {"submarine": 1}})
    g.apply({"type": "place", "territory": karelia, "units": {"submarine": 1}, "sea_zone": sea})
    g.apply({"type": "place", "territory": karelia, "units": {"infantry": 1}})
    assert g.state.placed[karelia] == 2 and g.state.pool == [[0, 1, 0]]


def test_lhtr_victory_city_changes_hands_and_individual_winner():
    """LHTR-C-85, LHTR-P-09: capturing an enemy victory city swaps it on the chart (the
    Axis count goes from 6 to 7); LHTR-P-10: the individual winner is the biggest absolute
    production increase; LHTR-P-06: the five capitals are victory cities."""
    from engine_core.ledger.victory import vc_counts, individual_increase
    g = Game.new("revised_lhtr")
    b = g.board
    assert vc_counts(b, g.state) == (6, 6)
    for p in range(b.power_count):
        assert b.is_victory_city(b.capital(p))
    _to(g, "Japan", "combat")
    g.apply({"type": "capture", "territory": "India"})
    assert vc_counts(b, g.state) == (7, 5)
    assert individual_increase(30, 33) == 3


def test_lhtr_capital_and_territory_freed_in_one_turn():
    """LHTR-A-15: the capital check is at the end of the liberator's turn: the UK freeing
    Moscow and Caucasus in one turn (in either order) gives both back to the USSR;
    LHTR-C-84: territories friends held revert when the capital is freed."""
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": "Caucasus"})
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "Caucasus"})
    g.apply({"type": "capture", "territory": "Russia"})
    p = g.summary()["production"]
    assert p["Soviet Union"] == 24 and p["United Kingdom"] == 30 and p["Germany"] == 40


def test_lhtr_capital_freed_in_own_turn_collects_income():
    """LHTR-A-14: capital status is checked at the start of each phase: the USSR freeing
    Moscow in its own combat collects income in phase 7 of that same turn; LHTR-E-12."""
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    _to(g, "Soviet Union", "combat_move")
    g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "Russia"})
    while g.summary()["power"] == "Soviet Union":
        g.apply({"type": "end_phase"})
    assert g.summary()["treasury"]["Soviet Union"] == 24


def test_lhtr_victory_level_and_freed_city():
    """LHTR-O-01, LHTR-P-08: the players choose the level (minor: 8 cities); LHTR-A-17: at
    least that many, checked after the US turn; LHTR-A-16: a freed victory city counts for
    whoever controls its territory (here back with the Allies)."""
    from engine_core.ledger.victory import vc_counts
    g = Game.new("revised_lhtr", options={"vc_level": 8})
    b = g.board
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    g.apply({"type": "capture", "territory": "Russia"})
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    assert vc_counts(b, g.state) == (7, 5)
    _to(g, "United States", "combat_move")
    assert g.summary()["victory"] is None
    _to(g, "Soviet Union", "combat_move")
    assert g.summary()["victory"] is None
    _to(g, "Japan", "combat")
    g.apply({"type": "capture", "territory": "India"})
    _to(g, "United States", "combat_move")
    assert g.summary()["victory"] is None
    while g.summary()["victory"] is None:
        g.apply({"type": "end_phase"})
    s = g.summary()
    assert s["victory"] == "Axis" and s["round"] == 2 and s["power"] == "United States"


def test_lhtr_production_limit_counts_ships():
    """LHTR-A-24: every unit placed through an IC counts toward its limit, ships in the
    next zone included (Caucasus, worth 4: 1 submarine + 3 infantry, then nothing)."""
    g = Game.new("revised_lhtr")
    b = g.board
    cauc = b.territory_id("Caucasus")
    sea = [z for z in b.adjacent(cauc) if b.is_sea(z)][0]
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 4, "submarine": 1}})
    _to_phase(g, "mobilize")
    g.apply({"type": "place", "territory": cauc, "units": {"submarine": 1}, "sea_zone": sea})
    g.apply({"type": "place", "territory": cauc, "units": {"infantry": 3}})
    _raises("LHTR-E-04", g.apply, {"type": "place", "territory": cauc, "units": {"infantry": 1}})


def test_lhtr_uboat_interdiction_at_collect_income():
    """LHTR-O-20, LHTR-O-02: with U-Boat Interdiction in play the UK loses 1 IPC of income
    per German submarine on the board (the players count them: 3 here)."""
    g = Game.new("revised_lhtr", options={"national_advantages": ["u_boat_interdiction"]})
    _to(g, "United Kingdom", "collect_income")
    g.apply({"type": "collect_income", "german_subs": 3})
    assert g.summary()["treasury"]["United Kingdom"] == 30 + 30 - 3


def test_lhtr_technology_works_from_mobilize():
    """LHTR-T-05, LHTR-S-06: a development gained in phase 1 works from the Mobilize phase of
    that turn (research.has_tech answers False before, True from phase 6); LHTR-T-04: a die
    showing the development's number succeeds (Super Submarines: 3)."""
    from engine_core.ledger import research as research
    g = Game.new("revised_lhtr")
    b = g.board
    g.apply({"type": "research", "dice": 1, "rolls": [3], "tech": "super_submarines"})
    assert g.summary()["treasury"]["Soviet Union"] == 19
    assert not research.has_tech(b, g.state, 0, research.SUPER_SUBS)
    _to_phase(g, "mobilize")
    assert research.has_tech(b, g.state, 0, research.SUPER_SUBS)


def test_lhtr_liberated_capital_aa_guns_keep_owner():
    """LHTR-CHG-ECON-08: when Moscow is liberated, Caucasus (held by the UK) and its complex
    go back to the USSR, but the AA gun outside the capital keeps its owner: no AA event for
    Caucasus, so the UK's AA gun now stands in a Soviet territory (LHTR-U-13: an AA gun
    carries its own owner, which can differ from the territory's controller)."""
    from engine_core.ledger.economy import EV_AA, EV_CONTROL
    g = Game.new("revised_lhtr")
    b = g.board
    su, uk = b.power_id("Soviet Union"), b.power_id("United Kingdom")
    cauc, russia = b.territory_id("Caucasus"), b.territory_id("Russia")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": russia, "aa": 1})
    g.apply({"type": "capture", "territory": cauc, "aa": 1})
    _to(g, "United Kingdom", "combat")
    ev = g.apply({"type": "capture", "territory": cauc, "aa": 1})
    assert (EV_AA, cauc, uk) in ev and g.state.owner[cauc] == uk
    ev = g.apply({"type": "capture", "territory": russia, "aa": 1})
    assert (EV_AA, russia, su) in ev                     # the capital's AA gun goes home
    assert (EV_CONTROL, cauc, uk, su) in ev
    assert [e for e in ev if e[0] == EV_AA and e[1] == cauc] == []
    assert g.state.owner[cauc] == su and g.state.facilities[cauc] & 1
    p = g.summary()["production"]
    assert p["Soviet Union"] == 24 and p["United Kingdom"] == 30 and p["Germany"] == 40
