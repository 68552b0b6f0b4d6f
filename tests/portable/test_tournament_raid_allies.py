# gate heap: 272K (a Pacific 1940 tournament, its replay and the raid engine's bytecode sit in the unix port's heap; a board runs them frozen from flash)
"""A tournament's bombing raid against interceptors of two powers (issue 16 item d): the set-up's
defender_teched and the answers naming whose fighters intercept are logged and replayed
(test_tournament_raids.py has the raid's other entries)."""
from engine_core.trust.tournament import replay

from test_tournament_raids import _pacific_raid


def test_1940_raid_of_interceptors_of_two_powers_is_logged_and_replayed():
    """P40-C-42 P40-R-06 P40-R-22 TOURNAMENT-BATTLE: a UK and a US fighter (Jet Fighters) in
    India: the set-up's defender_teched and the answer naming which of them intercepts (the UK
    one) are in the log, and the replay re-runs the raid from them."""
    lines = _pacific_raid({"defender_tech": ["jet_fighters"], "defender_teched": {"fighter": 1}},
                          {"interceptors": 1, "teched": {"fighter": 0}})
    bodies = [l.split("|")[2] for l in lines[1:-1] if l.split("|")[1:2] == ["raid"]]
    assert '"defender_teched":{"fighter":1}' in bodies[0]
    assert 'answer interceptors {"interceptors":1,"teched":{"fighter":0}}' in bodies
    ok, where, msg, _t = replay(lines, luck=False)
    assert ok, msg
