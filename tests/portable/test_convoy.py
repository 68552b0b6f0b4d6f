# Convoy disruption: dice per unit, faces 1-3 count, per-zone and per-territory caps.
# Every expected loss is added up by hand from the given dice and the map's IPC values.
from engine_core import board
from engine_core.ledger import convoy as C
from engine_core.dice import FixedDice
from portable_helpers import _state, _war


def _pacific():
    b = board.load("pacific_1940")
    s = _state(b)
    jp = b.power_id("Japan")
    us = b.power_id("United States")
    _war(s, jp, us)
    return b, s, jp, us, b.territory_id("Sea Zone 10")


def test_dice_per_unit():
    """P40-E-41, P40-U-46, P40-X-46, P40-U-25: battleship, cruiser, destroyer 1 die; submarine
    2 (on station); each carrier-based fighter or tactical bomber 2; the carrier and
    transports 0."""
    b, s, jp, us, sz10 = _pacific()
    units = ((sz10, jp, "battleship", 1), (sz10, jp, "cruiser", 1), (sz10, jp, "destroyer", 1),
             (sz10, jp, "submarine", 2), (sz10, jp, "aircraft_carrier", 1), (sz10, jp, "fighter", 1),
             (sz10, jp, "tactical_bomber", 1), (sz10, jp, "transport", 3))
    assert C.dice_needed(b, s, us, units) == ((sz10, 3 + 4 + 0 + 2 + 2 + 0),)


def test_faces_one_to_three_count():
    """P40-E-41: each 1, 2 or 3 adds its face; 4, 5 and 6 count nothing."""
    b, s, jp, us, sz10 = _pacific()
    units = ((sz10, jp, "submarine", 2),)
    loss, per_zone = C.disruption(b, s, us, units, FixedDice([1, 4, 3, 6]))
    assert loss == 1 + 3
    assert per_zone == ((sz10, (1, 4, 3, 6), 4, 12),)


def test_zone_cap_sea_zone_10():
    """P40-E-42, P40-E-47, P40-E-45, P40-E-34, P40-X-20 (FAQ: objective income cannot be
    convoyed away): the loss never exceeds the value of the
    territories next to the zone, so national-objective income is never touched: sea zone 10 can cost the US at most 12 (Western United States 10 +
    Mexico 2), whatever the dice."""
    b, s, jp, us, sz10 = _pacific()
    units = ((sz10, jp, "submarine", 4),)
    loss, per_zone = C.disruption(b, s, us, units, FixedDice([3, 3, 3, 3, 3, 3, 1, 2]))
    assert per_zone[0][2] == 21 and per_zone[0][3] == 12
    assert loss == 12
    # Mexico lost: the cap falls to 10
    s.owner[b.territory_id("Mexico")] = jp
    loss, per_zone = C.disruption(b, s, us, units, FixedDice([3, 3, 3, 3, 3, 3, 1, 2]))
    assert loss == 10


def test_conditions():
    """P40-E-40, P40-X-16 (errata wording of condition 3: "at least one warship belonging to a
    power with which you are at war"): a zone is disrupted only with a convoy symbol, next to a territory of the
    victim, and with at least one warship of a power at war with it; friendly ships and
    transports alone have no effect; P40-E-48 is the check in every Collect Income."""
    b, s, jp, us, sz10 = _pacific()
    uk = b.power_id("United Kingdom")
    # only a transport: no warship
    assert C.dice_needed(b, s, us, ((sz10, jp, "transport", 2),)) == ()
    # a carrier is a warship that rolls nothing; its fighters roll 2 each
    assert C.dice_needed(b, s, us, ((sz10, jp, "aircraft_carrier", 1), (sz10, jp, "fighter", 2))) == ((sz10, 4),)
    # British ships (friendly) do nothing
    assert C.dice_needed(b, s, us, ((sz10, uk, "submarine", 3),)) == ()
    # not at war: nothing (P40-E-40 condition 3)
    s2 = _state(b)
    assert C.dice_needed(b, s2, us, ((sz10, jp, "submarine", 3),)) == ()
    # a zone with no convoy symbol
    plain = -1
    for t in range(b.territory_count):
        if b.is_sea(t) and not b.is_convoy_zone(t):
            for a in b.adjacent(t):
                if not b.is_sea(a) and s.owner[a] == us:
                    plain = t
    if plain >= 0:
        assert C.dice_needed(b, s, us, ((plain, jp, "submarine", 3),)) == ()


def test_exempt_china_and_lost_capital():
    """P40-E-46, P40-E-88, P40-E-31: China never suffers convoy disruption, nor a power whose
    capital is held by the enemy."""
    b, s, jp, us, sz10 = _pacific()
    cn = b.power_id("China")
    sz19 = b.territory_id("Sea Zone 19")
    for t in b.adjacent(sz19):
        if not b.is_sea(t):
            s.owner[t] = cn
    assert C.dice_needed(b, s, cn, ((sz19, jp, "submarine", 2),)) == ()
    s.owner[b.capital(us)] = jp
    assert C.dice_needed(b, s, us, ((sz10, jp, "submarine", 2),)) == ()
    assert C.disruption(b, s, us, ((sz10, jp, "submarine", 2),), FixedDice([])) == (0, ())


def test_territory_cap_across_zones():
    """P40-E-43, P40-E-44, P40-X-36, G40-E-06: one territory loses at most its own value over all
    zones. UK: Scotland (2) touches zones 109 (Scotland 2 + United Kingdom 6) and 119 (Scotland
    only). Raw 8 in 109 and 2 in 119: 119 can only take Scotland's 2, 109 then only the
    United Kingdom's 6 -> 8, not 10."""
    b = board.load("global_1940")
    s = _state(b)
    ger = b.power_id("Germany")
    uk = b.power_id("United Kingdom")
    z109 = b.territory_id("Sea Zone 109")
    z119 = b.territory_id("Sea Zone 119")
    units = ((z109, ger, "submarine", 2), (z119, ger, "destroyer", 1))
    assert C.dice_needed(b, s, uk, units) == ((z109, 4), (z119, 1))
    loss, per_zone = C.disruption(b, s, uk, units, FixedDice([2, 2, 2, 2, 2]))
    assert per_zone == ((z109, (2, 2, 2, 2), 8, 8), (z119, (2,), 2, 2))
    assert loss == 8
    # capped flow helper on its own: 109 raw 3 and 119 raw 2 -> 5 (nothing over a cap)
    assert C.capped_loss(b, s, uk, ((z109, 3), (z119, 2))) == 5


def test_uk_economies_are_separate_victims():
    """G40-E-05, G40-E-06: each UK economy suffers the losses of its own territories: the
    Europe economy's Scotland is not UK Pacific's."""
    b = board.load("global_1940")
    s = _state(b)
    ger = b.power_id("Germany")
    ukp = b.power_id("United Kingdom Pacific")
    z119 = b.territory_id("Sea Zone 119")
    assert C.dice_needed(b, s, ukp, ((z119, ger, "submarine", 1),)) == ()


def test_caps_match_brute_force():
    """P40-E-42, P40-E-43, P40-E-44: the capped loss is the largest allocation of each zone's
    damage to its adjacent territories that respects both caps -- checked against an
    exhaustive search over every allocation for zones 109 / 119 and Scotland / United Kingdom."""
    b = board.load("global_1940")
    s = _state(b)
    uk = b.power_id("United Kingdom")
    z109 = b.territory_id("Sea Zone 109")
    z119 = b.territory_id("Sea Zone 119")
    for r109 in range(0, 11):
        for r119 in range(0, 5):
            d109 = min(r109, 2 + 6)   # zone cap: Scotland 2 + United Kingdom 6
            d119 = min(r119, 2)       # zone cap: Scotland 2
            best = 0
            for x in range(0, 3):          # zone 109 -> Scotland
                for y in range(0, 7):      # zone 109 -> United Kingdom
                    for z in range(0, 3):  # zone 119 -> Scotland
                        if x + y <= d109 and z <= d119 and x + z <= 2 and x + y + z > best:
                            best = x + y + z
            assert C.capped_loss(b, s, uk, ((z109, d109), (z119, d119))) == best


def test_uboat_interdiction():
    """LHTR-O-20, LHTR-O-02, LHTR-E-14: with Germany's U-Boat Interdiction in play, the UK and the
    US each lose 1 IPC of income per German submarine on the board (never more than the
    income); the USSR does not; without the advantage nothing is lost."""
    b = board.load("revised_lhtr")
    s = _state(b)
    opts = {"national_advantages": ("u_boat_interdiction",)}
    uk = b.power_id("United Kingdom")
    us = b.power_id("United States")
    ussr = b.power_id("Soviet Union")
    assert C.uboat_interdiction(b, s, uk, 3, 30, opts) == 3
    assert C.uboat_interdiction(b, s, us, 5, 4, opts) == 4
    assert C.uboat_interdiction(b, s, ussr, 3, 24, opts) == 0
    assert C.uboat_interdiction(b, s, uk, 3, 30) == 0
