# Support pairing: one function (engine_core/battle/groups.py) for the battle and the odds.
# Expectations worked by hand from the rulebook's pairing rules.
from engine_core.battle.groups import support
from engine_core.battle.steps import Battle
from engine_core.editions import unit_tables
from engine_core.odds.exact import odds
from engine_core.numfmt import percent
from engine_core import techs

P40 = unit_tables("pacific_1940")
NAMES = [r[0] for r in P40.UNITS]


def _fire(**counts):
    v = [0] * len(P40.UNITS)
    for name in counts:
        v[NAMES.index(name)] = counts[name]
    return v


def _boosted(boost):
    return dict((NAMES[i], boost[i]) for i in range(len(boost)) if boost[i])


def test_artillery_supports_infantry_before_mechanized_infantry():
    """P40-U-30, P40-U-31: one artillery raises one infantry (or mech) one for one, infantry
    first; with Advanced Artillery (P40-R-11) each artillery supports two."""
    fire = _fire(infantry=2, mechanized_infantry=1, artillery=1)
    assert _boosted(support(P40.UNITS, fire, P40.COMBAT_FLAGS, 0)) == {"infantry": 1}
    assert _boosted(support(P40.UNITS, fire, P40.COMBAT_FLAGS, techs.ADVANCED_ARTILLERY)) == \
        {"infantry": 2}
    fire = _fire(infantry=1, mechanized_infantry=2, artillery=2)
    assert _boosted(support(P40.UNITS, fire, P40.COMBAT_FLAGS, 0)) == \
        {"infantry": 1, "mechanized_infantry": 1}


def test_tactical_bombers_pair_with_fighters_then_tanks():
    """P40-U-41: a tactical bomber attacks at 4 paired with a fighter or a tank."""
    fire = _fire(tactical_bomber=3, fighter=1, tank=1)
    assert _boosted(support(P40.UNITS, fire, P40.COMBAT_FLAGS, 0)) == {"tactical_bomber": 2}


def test_improved_mech_takes_the_tank_before_a_tactical_bomber():
    """P40-R-16 with P40-U-41: one tank, one mech and one tactical bomber: the tank pairs with
    the mech (the battle engine's order), the bomber stays at 3."""
    fire = _fire(mechanized_infantry=1, tactical_bomber=1, tank=1)
    assert _boosted(support(P40.UNITS, fire, P40.COMBAT_FLAGS, techs.IMPROVED_MECH)) == \
        {"mechanized_infantry": 1}


def test_odds_and_battle_pair_the_same_way():
    """The same case in the odds: round 1, attacker tank@3, mech@2, tactical bomber@3 against
    one infantry, then retreat. The defender dies unless all three miss:
    1 - (3/6)(4/6)(3/6) = 1 - 1/6 = 5/6 (the other pairing would give 1 - 30/216 = 31/36)."""
    r = odds("pacific_1940", "land", {"mechanized_infantry": 1, "tactical_bomber": 1, "tank": 1},
             {"infantry": 1}, policy={"retreat_after_round": 1},
             tech={"attacker": ["improved_mechanized_infantry"]})
    # float32 on CircuitPython boards: the fraction to 1e-5 and the same shown percentage
    assert abs(r["attacker_wins"] - 5 / 6) < 1e-5 and percent(r["attacker_wins"]) == "83.3%"
    # the battle: dice 4, 2, 4 in the groups' order (value 2: the mech; value 3: tank and bomber)
    b = Battle("pacific_1940", "land", {"mechanized_infantry": 1, "tactical_bomber": 1, "tank": 1},
               {"infantry": 1}, {"attacker_tech": ("improved_mechanized_infantry",)})
    groups = b.groups(0, 0)
    assert [(g[0], g[1]) for g in groups] == [(2, 1), (3, 2)]
