"""``python -m engine score`` / ``analyze``: JSON output, exit codes, one-line errors."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import SUBCOMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parent.parent


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, object, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def test_score_example_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(
        capsys, "score", "--rules", "standard", "--hand", "123m456m789m234p55p", "--win", "5p"
    )
    assert (code, err) == (0, "")
    assert out == {
        "win": True,
        "pattern": "ping_hu",
        "extras": {},
        "fan": 1,
        "multiplier": 1,
        "points": 1,
        "explain": {
            "zh": ["平胡 1番", "共 1番 → ×1", "点炮者付 1分"],
            "en": ["Plain win 1 fan", "Total 1 fan → ×1", "The discarder pays 1 point"],
        },
    }


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            "--hand 111m333m444m222p66p --win 6p --self-drawn",
            {"pattern": "dui_dui_hu", "extras": {"zi_mo": 1}, "fan": 2, "multiplier": 2,
             "points": 3},
        ),
        (
            "--rules chengdu --hand 123m345m234p66p --melds P2p --win 6p",
            {"pattern": "ping_hu", "extras": {"gen": 1}, "fan": None, "multiplier": None,
             "points": 2},
        ),
        (
            "--rules jj --hand 66p --melds P1m,P3m,P4m,P2p --win 6p",
            {"pattern": "jin_gou_diao", "fan": 3, "multiplier": 4, "points": 4},
        ),
        (
            "--rules wiki --hand 1111m33m44m66m55p88p --win 8p",
            {"pattern": "qi_dui", "extras": {"gen": 1}, "fan": 4, "multiplier": 8, "points": 8},
        ),
        (
            "--rules standard --set fan.jiang_dui=off --hand 222m555m888m555p88p --win 8p",
            {"pattern": "dui_dui_hu", "fan": 2, "points": 2},
        ),
        (
            "--hand 123m456m234p55p --melds A9m --win 5p --kong-replacement",
            {"extras": {"gen": 1, "gang_shang_hua": 1, "zi_mo": 1}, "fan": 3, "points": 5},
        ),
        (
            "--rules wiki --hand 123m456m789m234p55p --win 5p --first-turn --dealer --self-drawn",
            {"pattern": "tian_hu", "multiplier": 8, "points": 9},
        ),
        (
            "--hand 123m456m789m234p55p --win 4p --robbing-kong",
            {"extras": {"qiang_gang": 1}, "fan": 2},
        ),
        (
            "--set extra.hai_di=1 --set extra.jue_zhang=1 --hand 123m456m789m234p55p --win 4p "
            "--last-tile --last-copy --after-kong",
            {"extras": {"gang_shang_pao": 1, "hai_di": 1, "jue_zhang": 1}, "fan": 4},
        ),
        (
            "--set cap_fan=2 --set base=2 --hand 111m333m555m777m99m --win 9m",
            {"pattern": "qing_dui", "fan": 4, "multiplier": 2, "points": 4},
        ),
        # issue 14's acceptance lines: 平胡 + 门清 + 中张 = 3 fan in modern
        (
            "--rules modern --hand 234m456m678m345p55p --win 5p",
            {"pattern": "ping_hu", "extras": {"men_qing": 1, "zhong_zhang": 1}, "fan": 3,
             "points": 4},
        ),
        ("--rules standard --hand 234m456m678m345p55p --win 5p", {"extras": {}, "points": 1}),
        (
            "--rules standard --set extra.men_qing=1 --hand 234m456m678m345p55p --win 5p",
            {"extras": {"men_qing": 1}, "points": 2},
        ),
    ],
)  # fmt: skip
def test_score_fields(
    capsys: pytest.CaptureFixture[str], argv: str, expected: dict[str, object]
) -> None:
    code, out, _ = run_main(capsys, "score", *argv.split())
    assert code == 0
    assert isinstance(out, dict) and out["win"] is True
    for key, value in expected.items():
        assert out[key] == value, key


@pytest.mark.parametrize(("meld", "payer"), [("K9m", "The discarder pays"), ("A9m", "Each player")])
def test_a_bloom_on_an_exposed_kong_is_paid_by_its_discarder_in_chengdu(
    capsys: pytest.CaptureFixture[str], meld: str, payer: str
) -> None:
    """引杠杠上花 (RULES.md §6.1, kong_bloom_on_exposed=discarder_pays): the kong the
    replacement follows is the last of --melds; one made on a discard is paid by its
    discarder alone. The command had no way to ask it: every 杠上花 was paid by everyone."""
    argv = f"--rules chengdu --hand 234m567m111m55m --melds {meld} --win 5m --kong-replacement"
    code, out, _ = run_main(capsys, "score", *argv.split())
    assert code == 0 and isinstance(out, dict)
    explain = out["explain"]
    assert isinstance(explain, dict) and explain["en"][-1].startswith(payer)


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        ("--hand 123m456p789s234m55m --win 5m", "three_suits"),
        ("--hand 123m456m789m234s55s --win 5s --void s", "void_tile"),
        ("--hand 123m456m789m234p58p --win 8p", "not_complete"),
    ],
)
def test_score_non_win_exits_zero(
    capsys: pytest.CaptureFixture[str], argv: str, reason: str
) -> None:
    code, out, err = run_main(capsys, "score", *argv.split())
    assert (code, err) == (0, "")
    assert isinstance(out, dict)
    assert (out["win"], out["reason"]) == (False, reason)
    assert "pattern" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ("score --hand 123m345m55m --melds P2p --win 5m", "8 concealed tiles + one pong is 11"),
        ("score --hand 123m456m789m234p55p --win 9p", "winning tile 9p is not in"),
        ("score --hand 123m4x56m789m234p55p --win 5p", "unknown character 'x' at position 5"),
        ("score --hand 123m456m789m234p55p --win 5p --melds Q5p", "unknown meld type"),
        ("score --hand 123m456m789m234p55p --win 5p --void z", "unknown suit"),
        ("score --rules shanghai --hand 123m456m789m234p55p --win 5p", "valid: standard, jj"),
        ("score --set speed=3 --hand 123m456m789m234p55p --win 5p", "unknown option 'speed'"),
        ("score --set cap_fan=big --hand 123m456m789m234p55p --win 5p", "valid: none"),
        ("score --hand 123m456m789m234p55p --win 5p --self-drawn --robbing-kong", "self-drawn"),
        ("score --hand 1111m456m234p55p --melds P1m --win 5p", "copies of 1m"),
        ("score --hand 123m456m789m234p55p --win 5p --last-copy", "the last copy of 5p"),
        ("analyze --hand 123m", "3 concealed tiles with 0 melds"),
        ("analyze --hand 123m456m789m234p5p --visible 5555p", "copies of 5p"),
        ("analyze --hand 123m456m789m5p --melds P2m --void m", "void suit m"),
    ],
)
def test_malformed_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: str, message: str
) -> None:
    code, out, err = run_main(capsys, *argv.split())
    assert code == 2 and out is None
    assert err.count("\n") == 1 and err.startswith("python -m engine ")
    assert message in err


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["score", "--hand", "123m"])
    assert exc.value.code == 2
    assert "--win" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main([])
    assert exc.value.code == 2


def test_analyze_waiting_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "analyze", "--hand", "123m456m789m234p5p", "--visible", "55p")
    assert code == 0 and isinstance(out, dict)
    assert out["shanten"] == 0 and out["void"] == "s" and out["void_assumed"] is True
    assert out["waits"] == [
        {"tile": "2p", "name_zh": "二筒", "unseen": 3},
        {"tile": "5p", "name_zh": "五筒", "unseen": 1},
    ]


def test_analyze_counts_own_melds_as_seen(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "analyze", "--hand", "123m456m2p34p6p", "--melds", "P6p")
    assert code == 0 and isinstance(out, dict)
    assert out["waits"] == []  # the only wait, 6p, would be a fifth copy
    code, out, _ = run_main(capsys, "analyze", "--hand", "123m456m78m34p6p", "--melds", "P6p")
    assert isinstance(out, dict) and out["shanten"] == 1


def test_analyze_discarding_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "analyze", "--hand", "123m456m789m24p55p9s", "--void", "s")
    assert code == 0 and isinstance(out, dict)
    assert out["void_assumed"] is False and out["win"] is False
    discards = out["discards"]
    assert isinstance(discards, list)
    assert discards[0] == {
        "discard": "9s",
        "shanten": 0,
        "waits": [{"tile": "3p", "name_zh": "三筒", "unseen": 4}],
        "unseen": 4,
    }
    assert {d["discard"] for d in discards} == {
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2p", "4p", "5p", "9s"
    }  # fmt: skip


def test_analyze_complete_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "analyze", "--hand", "123m456m789m234p55p")
    assert code == 0 and isinstance(out, dict)
    assert out["shanten"] == -1 and out["win"] is True


def test_subcommands_are_listed_and_documented() -> None:
    assert SUBCOMMANDS[:2] == ["score", "analyze"]
    help_text = build_parser().format_help()
    for name in ("score", "analyze"):
        assert name in help_text


def test_python_dash_m_engine_end_to_end() -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "engine", "score", "--rules", "jj", "--hand",
         "123p456p789p234p99p", "--win", "9p", "--self-drawn"],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", check=False,
    )  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["multiplier"] == 8
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "score", "--hand", "123m345m55m", "--melds", "P2p",
         "--win", "5m"],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", check=False,
    )  # fmt: skip
    assert bad.returncode == 2 and bad.stdout == ""
    assert "8 concealed tiles + one pong is 11, not 14" in bad.stderr
    help_out = subprocess.run(
        [sys.executable, "-m", "engine", "score", "--help"],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", check=False,
    )  # fmt: skip
    assert help_out.returncode == 0 and "--kong-replacement" in help_out.stdout


@pytest.mark.parametrize("name", ["score", "analyze"])
def test_help_examples_run(capsys: pytest.CaptureFixture[str], name: str) -> None:
    module = importlib.import_module(f"engine.cli.{name}")
    text = module.EPILOG.replace("\\\n", " ")
    examples = [line.split()[3:] for line in text.splitlines() if "python -m engine" in line]
    assert examples
    for argv in examples:
        code, out, err = run_main(capsys, *argv)
        assert code == 0 and err == "" and isinstance(out, dict), argv
