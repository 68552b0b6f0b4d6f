"""Classic economy: purchase, mobilization, capture and liberation (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _raises, _to_phase, _to


def test_classic_original_complex_unlimited_lost_units():
    """CL-E-04: an original IC (Russia) places any number of units; CL-E-05: units that
    cannot be placed are lost, with no refund; CL-S-02: purchases are placed in Action 5."""
    g = Game.new("classic")
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 8}})
    _to_phase(g, "mobilize")
    g.apply({"type": "place", "territory": "Russia", "units": {"infantry": 7}})
    _raises("CL-S-02", g.apply, {"type": "place", "territory": "Russia", "units": {"infantry": 2}})
    g.apply({"type": "end_phase"})            # the eighth infantry is lost
    assert g.summary()["phase"] == "collect_income"
    assert g.summary()["treasury"]["Soviet Union"] == 0
    g.apply({"type": "end_phase"})
    assert g.summary()["treasury"]["Soviet Union"] == 24


def test_classic_new_complex_limit_is_territory_value():
    """CL-E-04: a new IC places as many units as its territory's value (Caucasus 3)."""
    g = Game.new("classic")
    b = g.board
    caucasus = b.territory_id("Caucasus")
    g.state.facilities[caucasus] |= 1     # an IC built on an earlier turn
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    _to_phase(g, "mobilize")
    _raises("CL-E-04", g.apply, {"type": "place", "territory": "Caucasus", "units": {"infantry": 4}})
    g.apply({"type": "place", "territory": "Caucasus", "units": {"infantry": 3}})
    _raises("CL-E-04", g.apply, {"type": "place", "territory": "Caucasus", "units": {"infantry": 1}})


def test_classic_capture_moves_production():
    """CL-C-80, CL-P-06: the captor gains the territory's value, the loser drops by it
    (Germany takes Karelia S.S.R., 3 IPCs: 32 -> 35, 24 -> 21)."""
    g = Game.new("classic")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    p = g.summary()["production"]
    assert p["Germany"] == 35 and p["Soviet Union"] == 21


def test_classic_capital_capture_takes_treasury_and_stops_income():
    """CL-C-84: the captor takes every IPC the former owner holds; CL-C-85, CL-E-08: the
    power without its capital collects nothing and buys nothing."""
    g = Game.new("classic")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})      # Russia 8; the USSR holds 24+24
    s = g.summary()
    assert s["treasury"]["Germany"] == 32 + 48 and s["treasury"]["Soviet Union"] == 0
    assert s["production"]["Germany"] == 40
    _to(g, "Soviet Union", "combat_move")                    # research and purchase skipped
    assert g.state.round == 2
    while g.summary()["power"] == "Soviet Union":
        g.apply({"type": "end_phase"})
    assert g.summary()["treasury"]["Soviet Union"] == 0      # no income (CL-E-08)


def test_classic_liberation_returns_to_owner():
    """CL-C-82: taking back an ally's original territory gives it back to the ally."""
    g = Game.new("classic")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    p = g.summary()["production"]
    assert p["Soviet Union"] == 24 and p["United Kingdom"] == 30 and p["Germany"] == 32


def test_classic_liberation_while_capital_lost_is_a_capture():
    """CL-C-83: with the ally's capital in enemy hands the liberator keeps the territory and
    its income; when that capital is liberated, it goes back (NPLs readjusted)."""
    g = Game.new("classic")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    assert g.summary()["production"]["United Kingdom"] == 33
    g.apply({"type": "capture", "territory": "Russia"})      # the capital itself returns
    p = g.summary()["production"]
    assert p["United Kingdom"] == 30 and p["Soviet Union"] == 24 and p["Germany"] == 32
    assert g.summary()["treasury"]["Soviet Union"] == 0       # P40-C-108 / CL-C-84: no IPCs back


def test_classic_turn_sequence_and_income_compulsory():
    """CL-S-01: the six actions in order (weapons development, purchase, combat move,
    combat, non-combat move, place, collect income); CL-S-03: research before buying, bought
    units wait off-board; CL-S-07: placement in Action 5; CL-S-08, CL-P-14: collecting income
    is the one compulsory action and ends the turn."""
    g = Game.new("classic")
    seen = []
    while g.summary()["power"] == "Soviet Union":
        seen.append(g.summary()["phase"])
        if seen[-1] == "purchase":
            g.apply({"type": "purchase", "units": {"infantry": 1}})
            assert g.state.pool == [[0, 1, 0]]
        if seen[-1] == "mobilize":
            g.apply({"type": "place", "territory": "Russia", "units": {"infantry": 1}})
        g.apply({"type": "end_phase"})
    assert seen == ["research", "purchase", "combat_move", "combat", "noncombat_move",
                    "mobilize", "collect_income"]
    assert g.summary()["treasury"]["Soviet Union"] == 24 - 3 + 24


def test_classic_placement_only_at_own_complexes_held_since_start():
    """CL-E-03: land units only where the power itself has owned an IC since the start of
    the turn, not an IC captured this turn; CL-E-06: never at an ally's IC."""
    g = Game.new("classic")
    _to(g, "Germany", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 2}})
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})   # has a Soviet IC
    _to(g, "Germany", "mobilize")
    _raises("CL-E-03", g.apply, {"type": "place", "territory": "Karelia S.S.R.", "units": {"infantry": 1}})
    _raises("CL-E-03", g.apply, {"type": "place", "territory": "Japan", "units": {"infantry": 1}})
    g.apply({"type": "place", "territory": "Germany", "units": {"infantry": 2}})


def test_classic_only_the_power_on_turn_spends():
    """CL-E-09: IPCs are never lent or given; one power's turn spends only its own treasury."""
    g = Game.new("classic")
    g.apply({"type": "end_phase"})
    _raises("CL-E-09", g.apply, {"type": "purchase", "units": {"infantry": 1}, "power": "Germany"})


def test_classic_neutral_violation_fee():
    """CL-C-90, CL-C-91, CL-C-92: the first power to enter a neutral (Turkey) captures it at
    once, pays the bank 3 IPCs, production unchanged (worth 0); a second entry is an
    ordinary capture. CL-E-10: the fee is one of the ways IPCs leave a treasury;
    CL-E-11: income and capital plunder are the only gains."""
    g = Game.new("classic")
    _to(g, "Germany", "combat_move")
    g.apply({"type": "violate_neutral", "territory": "Turkey"})
    s = g.summary()
    assert s["treasury"]["Germany"] == 32 - 3 and s["production"]["Germany"] == 32
    _raises("CL-C-90", g.apply, {"type": "violate_neutral", "territory": "Turkey"})


def test_classic_capture_by_moving_in():
    """CL-C-81: moving into an empty enemy territory (or blitzing through it) captures it
    like a battle: marker, production and any AA gun or IC there (AA event to the captor)."""
    g = Game.new("classic")
    _to(g, "Germany", "combat_move")
    ev = g.apply({"type": "capture", "territory": "Caucasus", "aa": 1})
    assert (9, g.board.territory_id("Caucasus"), g.board.power_id("Germany")) in ev
    assert g.summary()["production"]["Germany"] == 35


def test_classic_allies_never_take_from_allies():
    """CL-P-15 [ENGINE]: an ally never attacks an ally."""
    g = Game.new("classic")
    _to(g, "Soviet Union", "combat")
    _raises("CL-P-15", g.apply, {"type": "capture", "territory": "India"})


def test_classic_individual_winner_percent():
    """CL-P-13: (final - start) / start x 100 truncated to one decimal, checked against the
    printed charts: U.S.S.R. 25 = 4.1%, Germany 38 = 18.7%, UK 33 = 10.0%, US 37 = 2.7%,
    Japan 26 = 4.0%; worked example U.S.S.R. 24 -> 29 = 20.8%, UK 30 -> 45 = 50%,
    US 36 -> 45 = 25%."""
    from engine_core.ledger.victory import individual_percent_tenths as pct
    assert pct(24, 25) == 41 and pct(32, 38) == 187 and pct(30, 33) == 100
    assert pct(36, 37) == 27 and pct(25, 26) == 40
    assert pct(24, 29) == 208 and pct(30, 45) == 500 and pct(36, 45) == 250
    # CL-A-04: the formula also gives decreases and results above 100%, truncated
    assert pct(24, 20) == -166 and pct(24, 50) == 1083


def test_classic_ships_count_against_a_new_complex():
    """CL-A-19, CL-E-04: every unit an IC places counts against its limit, ships in the
    adjacent sea zone included (a new IC in Caucasus, worth 3: 2 infantry and 1 submarine,
    then nothing more)."""
    g = Game.new("classic")
    b = g.board
    cauc = b.territory_id("Caucasus")
    g.state.facilities[cauc] |= 1
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 3, "submarine": 1}})
    _to_phase(g, "mobilize")
    sea = [z for z in b.adjacent(cauc) if b.is_sea(z)][0]
    g.apply({"type": "place", "territory": cauc, "units": {"submarine": 1}, "sea_zone": sea})
    g.apply({"type": "place", "territory": cauc, "units": {"infantry": 2}})
    _raises("CL-E-04", g.apply, {"type": "place", "territory": cauc, "units": {"infantry": 1}})


def test_classic_ships_only_in_friendly_zones_unless_optional_rule():
    """CL-E-03: new ships only in a friendly sea zone (no enemy units there, as the players
    tell the device); CL-O-02: the optional rule allows an enemy-occupied zone."""
    for opts, ok in (({}, False), ({"ships_in_enemy_zones": 1}, True)):
        g = Game.new("classic", options=opts)
        b = g.board
        uk = b.territory_id("United Kingdom")
        sea = [z for z in b.adjacent(uk) if b.is_sea(z)][0]
        _to(g, "United Kingdom", "purchase")
        g.apply({"type": "purchase", "units": {"submarine": 1}})
        _to(g, "United Kingdom", "mobilize")
        act = {"type": "place", "territory": uk, "units": {"submarine": 1}, "sea_zone": sea, "hostile": 1}
        if ok:
            g.apply(act)
        else:
            _raises("CL-E-03", g.apply, act)
        g = None


def test_classic_no_new_complexes_option():
    """CL-O-05: with No New Complexes no IC may be bought; CL-A-30: a captured original IC
    still counts as original for this rule, its production limited as captured (CL-E-04:
    Karelia, worth 3)."""
    g = Game.new("classic", options={"no_new_complexes": 1})
    _to(g, "Germany", "purchase")
    _raises("CL-O-05", g.apply, {"type": "purchase", "units": {"industrial_complex": 1}})
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    for _ in range(5):
        while g.summary()["power"] != "Germany":
            g.apply({"type": "end_phase"})
        if g.summary()["phase"] == "research":
            break
        g.apply({"type": "end_phase"})
    _to(g, "Germany", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    _to(g, "Germany", "mobilize")
    _raises("CL-E-04", g.apply, {"type": "place", "territory": "Karelia S.S.R.", "units": {"infantry": 4}})
    g.apply({"type": "place", "territory": "Karelia S.S.R.", "units": {"infantry": 3}})


def test_classic_total_victory_option():
    """CL-O-01: with Total Victory the Axis holding Russia and the United Kingdom do not win
    while the Allies hold Japan (the source's example); CL-A-28: "two capitals" is CL-P-09's
    count for the Allies."""
    g = Game.new("classic", options={"total_victory": 1})
    _to(g, "United States", "combat")
    g.apply({"type": "capture", "territory": "Japan"})
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": "United Kingdom"})
    _to(g, "United Kingdom", "combat_move")
    assert g.summary()["victory"] is None            # Japan is in Allied hands
    _to(g, "Japan", "combat")
    g.apply({"type": "capture", "territory": "Japan"})
    _to(g, "Japan", "noncombat_move")
    while g.summary()["victory"] is None:
        g.apply({"type": "end_phase"})
    assert g.summary()["victory"] == "Axis" and g.summary()["power"] == "Japan"


def test_classic_head_start_weapons():
    """CL-O-03: Germany starts with Jet Power, Japan with Super Submarines (research.py bits)."""
    from engine_core.ledger import research as research
    g = Game.new("classic", options={"head_start_weapons": 1})
    b = g.board
    assert g.state.techs[b.power_id("Germany")] == research.JETS
    assert g.state.techs[b.power_id("Japan")] == research.SUPER_SUBS
    assert g.state.techs[b.power_id("United States")] == 0
