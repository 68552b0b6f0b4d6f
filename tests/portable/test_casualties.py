# Default order of loss (engine_core/battle/casualties.py), worked by hand from the rules.
from engine_core.battle import casualties as casualties
from engine_core.units import find


def _p40():
    from board_defs.pacific_1940.units import UNITS, ALIASES, COMBAT_FLAGS
    return UNITS, ALIASES, COMBAT_FLAGS


def _counts(units, aliases, pairs):
    v = [0] * len(units)
    for name, n in pairs:
        v[find(units, aliases, name)] = n
    return v


def _named(units, vec):
    out = []
    for u in range(len(vec)):
        if vec[u]:
            out.append((units[u][0], vec[u]))
    return out


def test_sub_hit_and_cruiser_hit_both_applied():
    """P40-C-83 (defense example): 1 cruiser + 1 sub score 2 hits on a destroyer + fighter;
    the sub hit goes to the destroyer, the cruiser hit to the fighter: both applied."""
    U, A, F = _p40()
    lost, dmg = casualties.choose(U, _counts(U, A, (("destroyer", 1), ("fighter", 1))), None,
                                  (1, 1, 0, 0), False, F)
    assert _named(U, lost) == [("fighter", 1), ("destroyer", 1)]
    assert sum(dmg) == 0


def test_cruiser_two_subs_on_carrier_and_fighter():
    """P40-C-83 (attack example) P40-C-85: 1 cruiser + 2 subs score 3 hits on a carrier +
    fighter: cruiser hit to the fighter, the two sub hits sink the two-hit carrier."""
    U, A, F = _p40()
    lost, dmg = casualties.choose(U, _counts(U, A, (("carrier", 1), ("fighter", 1))), None,
                                  (1, 2, 0, 0), False, F)
    assert _named(U, lost) == [("fighter", 1), ("aircraft_carrier", 1)]
    assert sum(dmg) == 0


def test_two_hit_units_damaged_first():
    """P40-C-85 P40-U-50: default order damages an undamaged battleship before removing
    cheaper units; a second hit on it comes only after the cheaper units are gone."""
    U, A, F = _p40()
    c = _counts(U, A, (("battleship", 1), ("destroyer", 2)))
    lost, dmg = casualties.choose(U, c, None, 1, False, F)
    assert _named(U, dmg) == [("battleship", 1)] and sum(lost) == 0
    lost, dmg = casualties.choose(U, c, None, 3, False, F)
    assert _named(U, dmg) == [("battleship", 1)] and _named(U, lost) == [("destroyer", 2)]
    lost, dmg = casualties.choose(U, c, None, 4, False, F)
    assert sum(dmg) == 0 and _named(U, lost) == [("battleship", 1), ("destroyer", 2)]
    # an already damaged battleship is not damaged again: cheapest first
    d = [0] * len(U)
    d[find(U, A, "battleship")] = 1
    lost, dmg = casualties.choose(U, c, d, 1, False, F)
    assert _named(U, lost) == [("destroyer", 1)] and sum(dmg) == 0


def test_lowest_cost_then_printed_value():
    """P40-C-82: defaults: lowest cost first; ties (artillery 4 vs mech 4) by the lower printed
    value for the side (attack: mech 1 < artillery 2), then unit order."""
    U, A, F = _p40()
    c = _counts(U, A, (("infantry", 1), ("artillery", 1), ("mech", 1), ("tank", 1)))
    lost, dmg = casualties.choose(U, c, None, 2, True, F)
    assert _named(U, lost) == [("infantry", 1), ("mechanized_infantry", 1)]
    # defending: artillery 2 = mech 2, so the edition's unit order: artillery first
    lost, dmg = casualties.choose(U, c, None, 2, False, F)
    assert _named(U, lost) == [("infantry", 1), ("artillery", 1)]


def test_transports_last_and_air_hits_on_transports():
    """P40-C-84 P40-U-58 P40-U-43: transports are chosen last; air hits without a friendly
    destroyer cannot go to subs, so they must go to the transports."""
    U, A, F = _p40()
    c = _counts(U, A, (("transport", 2), ("sub", 1), ("destroyer", 1)))
    lost, dmg = casualties.choose(U, c, None, 2, False, F)
    assert _named(U, lost) == [("destroyer", 1), ("submarine", 1)]
    c = _counts(U, A, (("transport", 2), ("sub", 1)))
    lost, dmg = casualties.choose(U, c, None, (0, 0, 2, 0), False, F)
    assert _named(U, lost) == [("transport", 2)]


def test_sub_hits_never_on_air():
    """P40-U-52 CL-U-82 LHTR-U-80: a submarine's hit cannot go to an air unit; hits no unit
    can take are dropped."""
    U, A, F = _p40()
    c = _counts(U, A, (("fighter", 2),))
    lost, dmg = casualties.choose(U, c, None, (0, 3, 0, 0), False, F)
    assert sum(lost) == 0 and sum(dmg) == 0


def test_classic_transport_is_cannon_fodder():
    """CL-U-70: in Classic a transport may be taken as a casualty like any unit (cost 8,
    lowest at sea after nothing else cheaper)."""
    from board_defs.classic.units import UNITS as U, ALIASES as A, COMBAT_FLAGS as F
    c = _counts(U, A, (("transport", 1), ("submarine", 1), ("battleship", 1)))
    # sub 8 / transport 8 tie on cost; defending value sub 2 > transport 1: transport first
    lost, dmg = casualties.choose(U, c, None, 1, False, F)
    assert _named(U, lost) == [("transport", 1)]


def test_explicit_order_of_loss():
    """P40-C-82: a player may give an explicit order of loss instead of the default."""
    U, A, F = _p40()
    c = _counts(U, A, (("infantry", 2), ("tank", 1), ("battleship", 1)))
    lost, dmg = casualties.choose(U, c, None, 2, True, F,
                                  order=(find(U, A, "tank"), find(U, A, "infantry")))
    assert _named(U, lost) == [("infantry", 1), ("tank", 1)] and sum(dmg) == 0
    lost, dmg = casualties.choose(U, c, None, 2, True, F, order=(find(U, A, "battleship"),))
    assert _named(U, lost) == [("battleship", 1)]
    assert casualties.hits_absorbed(U, lost, dmg, None) == 2
