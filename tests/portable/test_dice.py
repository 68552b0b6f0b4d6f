"""The device's dice generator (engine_core/dice.py).

Portable: the same file runs under pytest and under MicroPython, so the fixed
vector below proves both interpreters draw the same dice for the same seed.
MicroPython's own `random` gives other sequences (STYLE habit 7), which is why
game dice never come from it.
"""
from engine_core.dice import Dice, FixedDice, roll_one, seed_state

# The first 1,000 rolls for seed 1: the generator's specification. A change to
# the generator that changes these breaks every saved game's replay.
SEED1_FIRST_1000 = (
    "62141445153315525543112216411646224256124115423342163644654233126151632654343666"
    "43145463535222642444343622223133122564156261523554624166241541431211513464533222"
    "43212512125543541226411655316463414533645666266656243161115512362435153454111414"
    "55665244146631121251525163231445265615541544341253123424361452615313255314324651"
    "21155334651233263615612245453632556432113126653656564331426225446516243564424331"
    "11645332242433126625263226441334132452535116114525141266552535332331616242325344"
    "31643152664545522161641425165451432113244646126554112433354413264631155562544264"
    "54614655514422163331321126441655324641512532434214513211166665163223366545224512"
    "23365321314553265112446145441461342243234361652151126453616531555242254534166653"
    "63165561115216645654222254345643223254115552353354111622312613132454366661542466"
    "64526345161454245526411354226223611564662536361253215333334351155346215224345522"
    "32455654345324555221124424432515251161543554654154641364235624655146241551555666"
    "4445355266655235434335461222663166526164"
)


def test_seed1_first_1000_rolls_fixed_vector():
    """CL-C-02: each unit rolls one d6; the same seed gives the same dice on every interpreter."""
    got = Dice(1).roll(1000)
    assert len(SEED1_FIRST_1000) == 1000
    for i in range(1000):
        assert got[i] == ord(SEED1_FIRST_1000[i]) - 48, i


def test_rolls_are_d6_values():
    """CL-C-02: a die shows 1 to 6."""
    d = Dice(12345)
    for v in d.roll(3000):
        assert 1 <= v <= 6


def test_state_is_small_ints_and_resumable():
    """The state is two ints below 2**30 (32-bit small ints) and a saved state resumes the sequence."""
    d = Dice(987654321987654321)
    d.roll(17)
    saved = d.state
    assert len(saved) == 2
    for part in saved:
        assert 0 < part < 2 ** 30
    a = d.roll(50)
    b = Dice(state=saved).roll(50)
    assert a == b


def test_roll_one_matches_roll():
    """roll_one is the single step that Dice.roll repeats."""
    state = seed_state(42)
    out = []
    for _ in range(20):
        state, v = roll_one(state)
        out.append(v)
    assert out == Dice(42).roll(20)


def test_different_seeds_differ():
    assert Dice(1).roll(30) != Dice(2).roll(30)


def test_fixed_dice_hand_out_in_order_and_refuse_bad_values():
    f = FixedDice([3, 1, 6, 2])
    assert f.roll(2) == [3, 1]
    assert f.roll(1) == [6]
    assert f.remaining() == 1
    try:
        f.roll(2)
        raise AssertionError("ran past the given dice")
    except IndexError:
        pass
    try:
        FixedDice([0])
        raise AssertionError("accepted a 0")
    except ValueError:
        pass
