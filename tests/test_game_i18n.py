"""Every player-facing string exists in Chinese and English, and every key used exists."""

from __future__ import annotations

import ast
import pathlib
import re

from game import i18n

GAME = pathlib.Path(__file__).resolve().parent.parent / "game"


def test_every_key_has_both_languages() -> None:
    for key in i18n.all_keys():
        zh, en = i18n.t(key, "zh"), i18n.t(key, "en")
        assert zh and en, key
        assert zh != key and en != key


def test_placeholders_match_between_languages() -> None:
    for key, (zh, en) in i18n.entries():
        assert set(re.findall(r"{(\w+)}", zh)) == set(re.findall(r"{(\w+)}", en)), key


def test_literal_keys_used_in_the_game_exist() -> None:
    pattern = re.compile(r"""\bt\(\s*["']([a-z_]+\.[a-z_.]+)["']""")
    used: set[str] = set()
    for path in GAME.rglob("*.py"):
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert used, "no i18n keys found"
    missing = sorted(k for k in used if not k.endswith(".") and not i18n.has(k))
    assert not missing, missing


def test_keys_made_from_the_engines_data_exist() -> None:
    """Keys the game builds from data (t(f"extra.short.{extra.id}")) escape the literal
    check above: each family is checked against the data it is built from, so a new
    extra, preset, item or meld kind cannot show its internal id on a screen."""
    from engine.items import ITEM_IDS
    from engine.patterns import EXTRAS
    from engine.rules import PRESETS
    from engine.tiles import MeldKind

    keys = [f"extra.short.{e.id}" for e in EXTRAS]
    keys += [f"{family}.{name}" for name in PRESETS for family in ("preset", "preset.desc")]
    keys += [
        f"{family}.{item}" for item in ITEM_IDS for family in ("item", "item.desc", "item.when")
    ]
    keys += [f"calc.mode.{kind.value}" for kind in MeldKind]
    missing = [k for k in keys if not i18n.has(k)]
    assert not missing, missing


def test_format_and_fallback() -> None:
    assert i18n.t("seat.points", "zh", points=5) == "5 分"
    assert i18n.t("seat.points", "en", points=-3) == "-3 pts"
    assert i18n.t("no.such.key", "en") == "no.such.key"
    assert i18n.pattern_name("qing_yi_se", "zh") == "清一色"


def test_no_key_is_in_two_tables() -> None:
    seen: dict[str, int] = {}
    for index, strings in enumerate(i18n.TABLES):
        for key in strings:
            assert key not in seen, f"{key} is in tables {seen[key]} and {index}"
            seen[key] = index


def test_string_tables_are_plain_data() -> None:
    """A table imports only the shared words, never the lookup (no import circle)."""
    for path in (GAME / "strings").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                assert name.startswith(("game.strings", "__future__")), (path.name, name)


def test_counted_texts_read_singular_for_one() -> None:
    """``tn`` picks the ``.one`` form for a count of 1 ("1 hand" in the match-length
    choices, "1 pt" on a points-model callout), the plain key otherwise or where none
    exists (fan do not take an s)."""
    from game import i18n

    assert i18n.tn("new.hands", "en", 1, n=1) == "1 hand"
    assert i18n.tn("new.hands", "en", 4, n=4) == "4 hands"
    assert i18n.tn("call.points", "en", 1, pattern="Plain win", points=1) == "Plain win · 1 pt"
    assert i18n.tn("help.fan", "en", 1, n=1) == "1 fan"
    assert i18n.tn("new.hands", "zh", 1, n=1) == "1 局"


def test_a_key_with_a_singular_form_is_always_looked_up_by_its_count() -> None:
    """Every ``t("key", ...)`` in the game whose key has a ``.one`` form would print
    "1 hands" for a count of 1: such keys go through ``tn`` (the count decides)."""
    from game import i18n

    keys = set(i18n.all_keys())
    counted = {k[: -len(".one")] for k in keys if k.endswith(".one")}
    plain = re.compile(r"""\bt\(\s*["']([\w.]+)["']""")
    for path in sorted(GAME.rglob("*.py")):
        if "strings" in path.parts:
            continue
        for key in plain.findall(path.read_text(encoding="utf-8")):
            assert key not in counted, (path.name, key)


def test_every_singular_has_its_plural_and_reads_singular_in_english() -> None:
    """'1 pts' on the settlement's payment lines: each count word has a .one form."""
    from game import i18n

    keys = set(i18n.all_keys())
    for key in ("settle.amount", "seat.points", "hint.pts"):
        assert f"{key}.one" in keys, key
    for key in (k for k in keys if k.endswith(".one")):
        assert key[: -len(".one")] in keys, key
        assert i18n.t(key, "en", n=1, amount=1, points=1) != i18n.t(
            key[: -len(".one")], "en", n=1, amount=1, points=1
        ), key
    assert i18n.t("settle.amount.one", "en", amount=1) == "1 pt"


def test_the_rulebook_names_the_presets_an_option_is_on_in() -> None:
    """The help screen's rulebook says which presets exchange three tiles and which count the
    concealed-hand and all-simples extras: exactly those whose rules say so, by the names on
    their buttons."""
    from engine.rules import PRESETS

    for lang in ("zh", "en"):
        exchange = i18n.t("rule.exchange.body", lang)
        pay = i18n.t("rule.pay.body", lang)
        for name, rules in PRESETS.items():
            label = i18n.t(f"preset.{name}", lang)
            assert (label in exchange) == rules.exchange_three, (lang, name)
            counted = rules.extra_of("men_qing") is not None
            assert counted == (rules.extra_of("zhong_zhang") is not None), name
            assert (label in pay) == counted, (lang, name)


def test_a_presets_summary_says_as_much_in_both_languages() -> None:
    """Each preset's one-line summary (the start and new-game screens) lists as many
    points in English as in Chinese: the English once left out half of jj's and wiki's."""
    for key in (k for k in i18n.all_keys() if k.startswith("preset.desc.")):
        zh, en = i18n.t(key, "zh"), i18n.t(key, "en")
        assert zh.count(" · ") == en.count(" · "), (key, zh, en)
