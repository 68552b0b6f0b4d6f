"""Reliability figures (issue 9): the property, power-cut, corrupt-save and audit drivers of
tests/host/test_reliability_*.py run longer than `make test` runs them, with other seeds.

Prints, for each: how many were tried and how many violations were found (the target is
zero everywhere). Nothing here asserts; the exit status is 1 if any violation was found.
"""
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "host"))
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))

from engine_core import board as B  # noqa: E402
from engine_core.ledger import save as save  # noqa: E402
from engine_core.trust.audit import new_seed, verify_log  # noqa: E402
from engine_core.errors import InputError  # noqa: E402
from engine_core.trust.tournament import Tournament, replay  # noqa: E402
import test_reliability_properties as PROP  # noqa: E402
import test_reliability_powercut as CUT  # noqa: E402
import test_tournament_powercut as TCUT  # noqa: E402
import test_reliability_corrupt as CORRUPT  # noqa: E402
import test_flash_record_kinds as KINDS  # noqa: E402
import test_tournament_finish_cut as FINISH  # noqa: E402
from portable_helpers import _rehash  # noqa: E402  (a forger's rehash, shared with the tests)

SEQUENCES_PER_EDITION = 4000     # x 6 editions = 24,000 (make test runs 10,200)
BATTLES = 3000
CUTS_PER_EDITION = 170            # x 6 editions = 1,020 power cuts
TOURNAMENT_GAMES = 30
TOURNAMENT_CUTS_PER_EDITION = 50  # x 6 = 300 power cuts while the tournament log is written
METADATA_CUTS_PER_EDITION = None  # every FAT/directory sector write of each game, each cut (the first ~250
                                  # are the slot layout made before the first record)


SUMMARY = {}


def section(title):
    print("-" * 72)
    print(title, flush=True)
    return time.perf_counter()


def done(t0):
    print("  (%.1f s)" % (time.perf_counter() - t0), flush=True)


def sequences():
    t0 = section("random action sequences, every edition (legal, illegal and malformed actions)")
    total = PROP.Stats()
    for i, ed in enumerate(B.EDITIONS):
        st = PROP.drive(ed, SEQUENCES_PER_EDITION, 90000 + i, PROP.Stats())
        print("  %-20s sequences %6d  actions %6d  legal %6d  illegal %6d  violations %d" % (
            ed, st.sequences, st.actions, st.legal, st.illegal, len(st.violations)))
        for k in ("sequences", "actions", "legal", "illegal", "undo_checks", "save_checks", "known"):
            setattr(total, k, getattr(total, k) + getattr(st, k))
        total.violations += st.violations
    print("  action sequences tried: %d" % total.sequences)
    print("  actions tried: %d (legal %d, illegal actions tried %d)" % (total.actions, total.legal, total.illegal))
    print("  undo checks: %d, save/load round trips: %d" % (total.undo_checks, total.save_checks))
    print("  known defects hit (reported, xfail in tests): %d" % total.known)
    for v in total.violations[:10]:
        print("  VIOLATION " + v)
    print("  violations: %d" % len(total.violations))
    SUMMARY["sequences"] = (total.sequences, total.illegal, len(total.violations))
    done(t0)
    return len(total.violations)


def battles():
    t0 = section("random battles: unit conservation")
    st = PROP.Stats()
    rng = random.Random(4711)
    for i in range(BATTLES):
        PROP.random_battle(rng, B.EDITIONS[i % len(B.EDITIONS)], st)
    print("  battles fought: %d  violations: %d" % (st.battles, len(st.violations)))
    for v in st.violations[:10]:
        print("  VIOLATION " + v)
    done(t0)
    return len(st.violations)


def power_cuts():
    t0 = section("power cuts at random flash units (simulator flash, firmware two-slot saves)")
    st = CUT.CutStats()
    for i, ed in enumerate(B.EDITIONS):
        before = st.trials
        _st, units = CUT.run_cuts(ed, CUTS_PER_EDITION, 7000 + i, st)
        print("  %-20s cuts %4d over a %d-action game of %d flash units" % (
            ed, st.trials - before, CUT.SCRIPT_ACTIONS, units))
    print("  power cuts: %d, survived: %d (mid-save: %d, before the first save: %d)" % (
        st.trials, st.survived, st.mid_write, st.before_first_save))
    print("  actions lost or duplicated: %d" % len(st.violations))
    for v in st.violations[:10]:
        print("  VIOLATION " + v)
    SUMMARY["cuts"] = (st.trials, st.survived, len(st.violations))
    done(t0)
    return len(st.violations) + (st.trials - st.survived)


def tournament_cuts():
    t0 = section("power cuts while the tournament log is written (resume from the log on flash)")
    st = TCUT.Stats()
    for i, ed in enumerate(B.EDITIONS):
        before = st.cuts
        units, n = TCUT.run_cuts(ed, 8800 + i, TOURNAMENT_CUTS_PER_EDITION, st)
        print("  %-20s cuts %4d over a %d-line log of %d flash units" % (ed, st.cuts - before, n, units))
    print("  power cuts: %d, survived: %d (a line torn: %d); logs differing from the uncut game: %d" % (
        st.cuts, st.survived, st.torn_lines, len(st.violations)))
    SUMMARY["tcuts"] = (st.cuts, st.survived, len(st.violations))
    for v in st.violations[:10]:
        print("  VIOLATION " + v)
    done(t0)
    return len(st.violations) + (st.cuts - st.survived)


def metadata_cuts():
    """Cuts at FatFs' own writes (host_sim/flash.py metadata=True): the directory entry every
    sync rewrites, the FAT a new cluster or a removal changes. Counted in the exit status."""
    t0 = section("power cuts at every FAT / directory sector write (FatFs' own sectors modelled)")
    st = CUT.CutStats()
    writes = 0
    for i, ed in enumerate(B.EDITIONS):
        before, lost = st.trials, len(st.violations)
        n = CUT.run_metadata_cuts(ed, 7000 + i, st, METADATA_CUTS_PER_EDITION)
        writes += n
        print("  %-20s FAT/directory writes in the game %4d, cut %4d, saved game lost %4d" % (
            ed, n, st.trials - before, len(st.violations) - lost))
    print("  cuts at FatFs' own writes: %d, survived: %d, lost: %d (target 0: %s)" % (
        st.trials, st.survived, len(st.violations), "MET" if not st.violations else "NOT MET"))
    for v in st.violations[:5]:
        print("  LOST " + v)
    SUMMARY["meta"] = (st.trials, st.survived, len(st.violations))
    done(t0)
    return len(st.violations)


def record_kinds():
    """Every record kind (game, settings, pending, luck, luck cache, seed record, the log's two
    copies and its tail record) interleaved, a cut at every flash unit: on the data-sector model
    and with FatFs' own sectors (both counted in the exit status)."""
    t0 = section("every record kind, a cut at every flash unit (tests/host/test_flash_record_kinds.py)")
    lost = meta = meta_cuts = 0
    for metadata in (False, True):
        for seed in (14, 15):
            units, cuts, failures = KINDS.sweep(seed, 32, metadata=metadata)
            kinds = {}
            for f in failures:
                for k in f[2]:
                    kinds[k] = kinds.get(k, 0) + 1
            print("  %-28s seed %d: %5d cuts, %3d lost something %s" % (
                "FatFs' own sectors too" if metadata else "data sectors", seed, cuts, len(failures),
                " ".join("%s:%d" % (k, kinds[k]) for k in sorted(kinds))))
            lost += len(failures)
            if metadata:
                meta += len(failures)
                meta_cuts += cuts
    print("  with FatFs' own sectors: %d cuts, %d lost something (target 0: %s)" % (
        meta_cuts, meta, "MET" if not meta else "NOT MET"))
    SUMMARY["kinds_meta"] = (meta_cuts, meta)
    done(t0)
    return lost


def finish_cuts():
    """Finish tournament cut at each of its FatFs writes (FatFs' own sectors modelled): the seed
    record's mark, the footer, the tail record and the export's own writes (its directory entry,
    in a directory of its own made with the layout), all counted in the exit status."""
    t0 = section("Finish tournament, a cut at each FatFs write (tests/host/test_tournament_finish_cut.py)")
    results = FINISH.fatfs_sweep()
    before = [r for r in results if not r[1]]
    export = [r for r in results if r[1]]
    lost_before = len([r for r in before if r[2]])
    lost_export = len([r for r in export if r[2]])
    print("  seed record, footer, tail record: %d cuts, %d lost" % (len(before), lost_before))
    print("  the export's own writes: %d cuts, %d lost" % (len(export), lost_export))
    SUMMARY["finish"] = (len(before), lost_before, len(export), lost_export)
    done(t0)
    return lost_before + lost_export


def corrupt_saves():
    t0 = section("corrupt saves: every byte x 8 single-bit flips, every truncation, every edition")
    tried = 0
    refused = 0
    bad = []
    for i, ed in enumerate(B.EDITIONS):
        g = PROP.checkpoints(ed, 300 + i, count=8)[-1]
        data = save.dumps(g)
        for k in range(len(data)):
            for bit in range(8):
                x = bytearray(data)
                x[k] ^= 1 << bit
                tried += 1
                try:
                    save.loads(bytes(x))
                    bad.append("%s byte %d bit %d loaded" % (ed, k, bit))
                except InputError:
                    refused += 1
        for n in range(len(data)):
            tried += 1
            try:
                save.loads(data[:n])
                bad.append("%s cut at %d loaded" % (ed, n))
            except InputError:
                refused += 1
        print("  %-20s save of %d bytes (%d actions)" % (ed, len(data), len(g.state.journal)))
    print("  corrupt saves tried: %d, refused: %d, violations: %d" % (tried, refused, len(bad)))
    SUMMARY["corrupt"] = (tried, refused, len(bad))
    for v in bad[:10]:
        print("  VIOLATION " + v)
    done(t0)
    return len(bad)


def buttons():
    t0 = section("random button presses on the simulated device (out-of-range key numbers included)")
    bad = []
    presses = 0
    for seed, dice in ((101, "physical"), (202, "device"), (303, "physical")):
        crashed, screens, problem = CORRUPT.monkey(2000, seed, dice)
        presses += 2000
        print("  %-8s dice: 2000 presses, %d screens reached, crash: %s, game = save: %s" % (
            dice, len(screens), "yes" if crashed else "no", "no (%s)" % problem if problem else "yes"))
        if crashed:
            bad.append(crashed.strip().splitlines()[-1])
        if problem:
            bad.append(problem)
    print("  button presses: %d, violations: %d" % (presses, len(bad)))
    for v in bad[:10]:
        print("  VIOLATION " + v)
    done(t0)
    return len(bad)


def tournaments():
    t0 = section("tournament logs: honest games verify; one die changed is named at its entry")
    rng = random.Random(1234)
    honest = 0
    tampered = 0
    caught = 0
    bad = []
    for i in range(TOURNAMENT_GAMES):
        ed = B.EDITIONS[i % len(B.EDITIONS)]
        seed = new_seed(bytes([rng.randrange(256) for _ in range(16)]))
        t = Tournament(ed, seed, luck=False)
        arng = random.Random(seed)
        for _ in range(40):
            try:
                t.apply(PROP.make_action(arng, t.game))
            except Exception:  # noqa: BLE001 - refused actions are not logged
                pass
        for _ in range(3):
            b = t.start_battle("land", {"infantry": arng.randint(1, 4), "artillery" if ed != "classic" else "armor": 1},
                               {"infantry": arng.randint(1, 4)}, 0, 1)
            while b.prompt is not None:
                t.answer(None)
        lines = t.finish()
        ok, _w, msg = verify_log(lines)
        ok2, _w2, msg2, _t = replay(lines, luck=False)
        honest += 1
        if not (ok and ok2):
            bad.append("%s honest log refused: %s %s" % (ed, msg, msg2))
        rolls = [k + 1 for k, l in enumerate(lines[1:-1]) if l.split("|")[1] in ("roll", "game_dice")]
        for i_entry in rolls[:5]:
            body = lines[i_entry].split("|")[2].split(",")
            j = arng.randrange(len(body))
            body[j] = str(1 + (int(body[j]) % 6))
            x = _rehash(lines, i_entry, ",".join(body))
            tampered += 1
            ok, w, _m = verify_log(x)
            if ok:
                ok, w, _m, _t = replay(x, luck=False)
            if not ok and w == i_entry:
                caught += 1
            else:
                bad.append("%s die changed at entry %d: reported %r" % (ed, i_entry, w))
    print("  honest logs: %d, tampered logs (one die changed, chain recomputed): %d, caught at the exact entry: %d" % (
        honest, tampered, caught))
    print("  violations: %d" % len(bad))
    for v in bad[:10]:
        print("  VIOLATION " + v)
    done(t0)
    return len(bad)


def main():
    saved = PROP.G.gc
    PROP.G.gc = PROP._NoGC
    try:
        v = {}
        v["sequences"] = sequences()
        v["battles"] = battles()
        v["power cuts"] = power_cuts() + tournament_cuts() + record_kinds() + metadata_cuts() + finish_cuts()
        v["corrupt saves"] = corrupt_saves()
        v["buttons"] = buttons()
        v["tournament logs"] = tournaments()
    finally:
        PROP.G.gc = saved
    print("-" * 72)
    seq, illegal, v_seq = SUMMARY["sequences"]
    cuts, survived, v_cuts = SUMMARY["cuts"]
    tc, ts, v_tc = SUMMARY["tcuts"]
    tried, refused, v_cor = SUMMARY["corrupt"]
    print("action sequences tried: %d  (violations %d)" % (seq, v_seq))
    print("illegal actions tried: %d  (violations %d)" % (illegal, v_seq))
    print("power cuts survived: %d of %d saves + %d of %d tournament logs  (lost or duplicated: %d)" % (
        survived, cuts, ts, tc, v_cuts + v_tc))
    print("corrupt saves refused: %d of %d  (violations %d)" % (refused, tried, v_cor))
    mt, ms, v_m = SUMMARY["meta"]
    kt, kl = SUMMARY["kinds_meta"]
    print("power cuts at FatFs' FAT/directory writes survived: %d of %d game saves (lost %d), every record "
          "kind with the tournament log %d of %d (lost %d): target 0 %s" % (
              ms, mt, v_m, kt - kl, kt, kl, "MET" if not v_m and not kl else "NOT MET"))
    fb, fl, fe, fel = SUMMARY["finish"]
    print("Finish tournament cut at its FatFs writes: %d of %d survived, the export's own %d of %d: "
          "target 0 lost %s" % (fb - fl, fb, fe - fel, fe, "MET" if not fl and not fel else "NOT MET"))
    print("violations: " + ", ".join(["%s %d" % (k, v[k]) for k in ("sequences", "battles", "power cuts",
                                                                     "corrupt saves", "buttons",
                                                                     "tournament logs")]))
    return 1 if sum(v.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
