"""An amphibious assault's "Sea defender" (issue 16): in a Revised / LHTR game with national
advantages, session.battle_options gives the sea battle the named power's own advantages
(sea_defender_na; LHTR-O-02: "A power may not share its national advantages with friendly
powers"), the land battle the territory owner's, in the battle and its odds. The fractions are
worked by hand in tests/portable/test_odds_assault_sea_na.py."""

from firmware.session import Session
from engine_core.battle.steps import Battle
from engine_core.battle.advantage_bits import NA_BATTLESHIPS, NA_DUG_IN

# 2 bombers and a transport (1 infantry aboard) against a battleship in the launch zone
EXTRA = {"seaborne": {"infantry": 1}, "sea_attacker": {"bomber": 2, "transport": 1},
         "sea_defender": {"battleship": 1}}


def _options(territory, sea_power):
    """Revised LHTR with Most Powerful Battleships and Dug-In Defenders (Japan's) chosen; the
    Soviet Union (first to move) assaults `territory`, the launch zone's battleship being
    `sea_power`'s."""
    s = Session(None)
    s.new_game("revised_lhtr", 7, {"national_advantages": ["powerful_battleships", "dug_in"]})
    board = s.board
    e = dict(EXTRA)
    e["sea_defender_power"] = board.power_id(sea_power)
    return s, s.battle_options("amphibious", board.territory_id(territory), e)


def _odds(s, opts):
    sol = s.odds_solver("amphibious", {"infantry": 1}, {"infantry": 1}, opts)
    while not sol.step(1 << 20):
        pass
    return sol.result()


def test_german_battleship_off_a_japanese_island():
    """LHTR-O-02 LHTR-O-43 ("Your battleships attack and defend on a 5") LHTR-O-44: Okinawa is
    Japan's, the battleship in its zone Germany's: the sea battle has no advantage (the
    battleship at 4), the land battle Japan's (dug in). Odds: landing 2319/2704, capture a
    seventh of it (1 infantry against a dug-in one)."""
    s, opts = _options("Okinawa", "Germany")
    assert opts["sea_defender_na"] == ()
    assert opts["defender_na"] == ("powerful_battleships", "dug_in") and "island" in opts["space"]
    b = Battle(s.board, "amphibious", {"infantry": 1}, {"infantry": 1}, opts)
    assert b.na == [0, 0] and b.land_na == NA_BATTLESHIPS | NA_DUG_IN
    r = _odds(s, opts)
    assert abs(r["landing"] - 2319 / 2704) < 1e-9
    assert abs(r["attacker_captures"] - 2319 / 2704 / 7) < 1e-9


def test_japanese_battleship_off_a_german_territory():
    """LHTR-O-02 LHTR-O-43: Norway is Germany's (no advantage of Germany's chosen), the
    battleship in its zone Japan's: it defends at 5. Odds: landing 649776/811801, capture a
    quarter of it (1 infantry against one at 2)."""
    s, opts = _options("Norway", "Japan")
    assert opts["defender_na"] == () and opts["sea_defender_na"] == ("powerful_battleships", "dug_in")
    b = Battle(s.board, "amphibious", {"infantry": 1}, {"infantry": 1}, opts)
    assert b.na == [0, NA_BATTLESHIPS | NA_DUG_IN] and b.land_na == 0
    r = _odds(s, opts)
    assert abs(r["landing"] - 649776 / 811801) < 1e-9
    assert abs(r["attacker_captures"] - 649776 / 811801 / 4) < 1e-9


def test_without_national_advantages_nothing_is_added():
    """LHTR-O-02: a game without national advantages gives no sea_defender_na."""
    s = Session(None)
    s.new_game("revised_lhtr", 7)
    e = dict(EXTRA)
    e["sea_defender_power"] = s.board.power_id("Germany")
    opts = s.battle_options("amphibious", s.board.territory_id("Okinawa"), e)
    assert "sea_defender_na" not in opts and "sea_defender_tech" in opts
