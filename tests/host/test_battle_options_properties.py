"""Battles with LHTR national advantages on generated armies (hypothesis): they end, count
their units, and resume from to_bytes at any question with the same result."""
from hypothesis import given, settings, strategies as st

from engine_core.battle.steps import Battle

from engine_core.battle.base import P_KAMIKAZE, P_RETREAT, P_SUBMERGE
from engine_core.battle.advantages import NA_NAMES
from engine_core.dice import FixedDice

ED = "revised_lhtr"
SEA = ("battleship", "destroyer", "aircraft_carrier", "submarine", "transport", "fighter", "bomber")
LAND = ("infantry", "artillery", "armor", "fighter", "bomber")


def _army(data, names, lo):
    d = {}
    for nm in names:
        k = data.draw(st.integers(0, 2))
        if k:
            d[nm] = k
    if sum(d.values()) < lo:
        d[names[0]] = lo
    return d


def _answer(b, p, data):
    if p.kind == P_KAMIKAZE:
        other = 1 - p.side
        ships = [u for u in range(b.n) if b.alive[other][u] and b.units[u][6] == 2]
        plan = []
        for s in p.options:
            for _ in range(data.draw(st.integers(0, b.alive[p.side][s]))):
                if ships:
                    plan.append((s, data.draw(st.sampled_from(ships)), 0))
        return plan
    if p.kind == P_RETREAT:
        return data.draw(st.sampled_from(("press", "press", "retreat")))
    if p.kind == P_SUBMERGE:
        return data.draw(st.sampled_from(p.options))
    return None


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_national_advantage_battles_end_and_resume(data):
    """LHTR-O-21 LHTR-O-23 LHTR-O-24 LHTR-O-30 LHTR-O-41 LHTR-O-42 LHTR-O-43 LHTR-O-45 LHTR-O-52 LHTR-O-55: any mix
    of advantages and armies: the battle ends, no unit is created or lost twice, and a battle
    saved at any question and resumed gives the same result with the same dice."""
    sea = data.draw(st.booleans())
    names = SEA if sea else LAND
    att = _army(data, names, 1)
    dfd = _army(data, ("destroyer", "battleship", "submarine") if sea else
                ("infantry", "artillery", "antiaircraft_gun"), 1)
    if not sea and "transport" in att:
        del att["transport"]
    opts = {"attacker_na": tuple(n for n in NA_NAMES if data.draw(st.booleans())),
            "defender_na": tuple(n for n in NA_NAMES if data.draw(st.booleans())),
            "space": tuple(s for s in ("gray", "island", "tan") if data.draw(st.booleans())),
            "attacker_tech": tuple(t for t in ("super_submarines", "jet_fighters") if data.draw(st.booleans()))}
    if "kamikaze" in opts["attacker_na"] or "kaiten" in opts["attacker_na"]:
        opts["defender_na"] = tuple(n for n in opts["defender_na"] if n not in ("kamikaze", "kaiten"))
    rolls = data.draw(st.lists(st.integers(1, 6), min_size=400, max_size=400))
    b = Battle(ED, "sea" if sea else "land", att, dfd, opts)
    d = FixedDice(rolls)
    answers = []
    saves = []
    while True:
        p = b.run_until_prompt(d)
        if p is None:
            break
        saves.append((b.to_bytes(), d.used, len(answers)))
        a = _answer(b, p, data)
        answers.append(a)
        b.answer(a)
    r = b.result
    assert r is not None and r["rounds"] < 60
    total_a = sum(att.values())
    assert sum(r["survivors"][0]) + sum(r["lost"][0]) == total_a
    assert sum(r["survivors"][1]) + sum(r["lost"][1]) == sum(dfd.values())
    for data_bytes, used, k in saves[:3]:
        c = Battle.from_bytes(ED, data_bytes)
        dd = FixedDice(rolls[used:])
        rest = list(answers[k:])
        while True:
            p = c.run_until_prompt(dd)
            if p is None:
                break
            c.answer(rest.pop(0))
        assert c.result == r
