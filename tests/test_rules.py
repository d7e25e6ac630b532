"""RuleSet and presets (RULES.md §9, §9.1, §5.3): values, overrides, round trips, errors."""

import dataclasses
import json
import re

import pytest

from engine.patterns import EXTRAS, PATTERNS
from engine.rules import (
    EXTRA_IDS,
    OPTION_INFO,
    OPTION_NAMES,
    PATTERN_IDS,
    PRESETS,
    SUIT_CHOICES,
    RuleSet,
    UnknownOptionError,
    get_preset,
)

SECTION_9_1 = [
    "mode",
    "exchange_three",
    "declare_void",
    "must_discard_void_first",
    "model",
    "passed_win",
    "last_four_forced",
    "kong_bloom_on_exposed",
    "exposed_kong_pay",
    "kong_transfer",
    "pay_ready",
    "refund_to",
    "pig_penalty",
    "next_dealer",
    "cap_fan",
    "self_draw_bonus",
    "drizzle",
    "added_kong_immediate",
    "dead_wait_counts",
    "items",
    "bots_use_items",
    "base",
    "coins_per_point",
]
# docs/rules-short-handed.md (issue 15): the options of the three- and two-seat rooms.
SHORT_HANDED = ["players", "suits", "discard_min_fan", "qing_yi_se_bonus", "first_dealer"]

# RULES.md §9 table, row by row: standard, jj, wiki, chengdu, modern, modern_xueliu.
PRESET_ROWS = {
    "mode": ("xuezhan", "xuezhan", "xuezhan", "single", "xuezhan", "xueliu"),
    "exchange_three": (False, False, False, False, True, True),
    "declare_void": (True, True, True, False, True, True),
    "must_discard_void_first": (True, True, False, False, True, True),
    "model": ("fan", "fan", "fan", "points", "fan", "fan"),
    "passed_win": ("unless_higher",) * 2 + ("same_tile",) + ("unless_higher",) * 3,
    "last_four_forced": (True,) * 6,
    "kong_bloom_on_exposed": ("self_drawn",) * 3 + ("discarder_pays",) + ("self_drawn",) * 2,
    "exposed_kong_pay": (2,) * 6,
    "kong_transfer": (True, True, True, False, True, True),
    "pay_ready": ("max", "max", "max", "min", "max", "max"),
    "refund_to": ("payers", "ready", "payers", "payers", "payers", "payers"),
    "pig_penalty": (16, 16, "cap", 16, 16, 16),
    "next_dealer": ("first_winner",) * 6,
    "cap_fan": (None, 5, 4, None, 5, 5),
    "self_draw_bonus": ("add_base", "add_fan", "add_base", "none", "add_base", "add_base"),
    "drizzle": (False,) * 6,
    "added_kong_immediate": (False, False, True, False, False, False),
    "dead_wait_counts": (True,) * 6,
    "items": (True, False, False, False, True, True),
    "bots_use_items": (False,) * 6,
    "base": (1,) * 6,
    "coins_per_point": (6,) * 6,
}
NAMES = ("standard", "jj", "wiki", "chengdu", "modern", "modern_xueliu")

# RULES.md §5.3, columns standard, jj, wiki, chengdu ("—" = None).
FAN_ROWS = {
    "ping_hu": (1, 1, 1, 1),
    "dui_dui_hu": (2, 2, 2, 2),
    "qing_yi_se": (3, 3, 3, 3),
    "dai_yao_jiu": (3, None, 3, 3),
    "qi_dui": (3, 3, 3, 3),
    "qing_dui": (4, 4, 4, 4),
    "jiang_dui": (4, None, 5, 4),
    "long_qi_dui": (5, None, None, None),
    "qing_qi_dui": (5, 5, 5, 8),
    "qing_yao_jiu": (5, None, 5, None),
    "qing_long_qi_dui": (6, None, None, None),
    "jin_gou_diao": (None, 3, 3, None),
    "qing_jin_gou_diao": (None, 5, 5, None),
    "tian_hu": (6, None, "cap", 8),
    "di_hu": (6, None, "cap", 8),
}
EXTRA_ROWS = {
    "gen": (1, 1, 1, 1),
    "gang_shang_hua": (1, 1, 1, 2),
    "gang_shang_pao": (1, 1, 1, None),
    "qiang_gang": (1, 1, 1, 1),
    "hai_di": (None, None, None, None),
    "men_qing": (None, None, None, None),
    "zhong_zhang": (None, None, None, None),
    "jue_zhang": (None, None, None, None),
}
# RULES.md §9: modern and modern_xueliu are the standard column plus 门清 +1 and 中张 +1.
MODERN_EXTRAS = {**{e: v[0] for e, v in EXTRA_ROWS.items()}, "men_qing": 1, "zhong_zhang": 1}


def test_ruleset_has_one_field_per_option() -> None:
    assert list(OPTION_NAMES) == SECTION_9_1 + SHORT_HANDED
    for name in SECTION_9_1 + SHORT_HANDED:
        assert hasattr(PRESETS["standard"], name)
        info = OPTION_INFO[name]
        assert info.zh and info.en and info.help_zh and info.help_en
        assert info.values or info.integer


def test_option_help_names_values_as_the_settings_screen_does() -> None:
    """The one-line help under each option on the new-game screen speaks the player's
    words: no Latin in the Chinese, no value word of the command line (``xuezhan``, ``mps``,
    ``same_tile``) in the English."""
    for name, info in OPTION_INFO.items():
        assert not re.search(r"[A-Za-z]", info.help_zh), (name, info.help_zh)
        ids = [v for v in info.values if "_" in v or v in ("xuezhan", "xueliu", *SUIT_CHOICES)]
        for v in ids:
            assert not re.search(rf"\b{v}\b", info.help_en), (name, v, info.help_en)
    assert "off" not in OPTION_INFO["extra.gen"].help_en.split()


def test_option_info_covers_tables() -> None:
    for pid in PATTERN_IDS[1:]:
        assert OPTION_INFO[f"fan.{pid}"].values == ("cap", "off")
    assert OPTION_INFO["fan.ping_hu"].values == ("cap",)  # every win is at least 平胡
    for eid in EXTRA_IDS:
        assert OPTION_INFO[f"extra.{eid}"].values == ("off",)


def test_pattern_and_extra_registries_match_tables() -> None:
    assert list(PATTERN_IDS) == list(FAN_ROWS)  # RULES.md §5.1, in order
    assert all(p.zh and p.en for p in PATTERNS)
    assert set(EXTRA_IDS) | {"zi_mo"} == {e.id for e in EXTRAS}
    for rules in PRESETS.values():
        assert [k for k, _ in rules.fan_table] == list(PATTERN_IDS)
        assert [k for k, _ in rules.extra_table] == list(EXTRA_IDS)


@pytest.mark.parametrize("option", list(PRESET_ROWS))
def test_preset_table(option: str) -> None:
    for name, expected in zip(NAMES, PRESET_ROWS[option], strict=True):
        assert getattr(PRESETS[name], option) == expected, (name, option)


@pytest.mark.parametrize("pattern", list(FAN_ROWS))
def test_fan_table(pattern: str) -> None:
    for name, expected in zip(NAMES[:4], FAN_ROWS[pattern], strict=True):
        assert PRESETS[name].fan_of(pattern) == expected, (name, pattern)
    for name in ("modern", "modern_xueliu"):
        assert PRESETS[name].fan_of(pattern) == PRESETS["standard"].fan_of(pattern)


@pytest.mark.parametrize("extra", list(EXTRA_ROWS))
def test_extra_table(extra: str) -> None:
    for name, expected in zip(NAMES[:4], EXTRA_ROWS[extra], strict=True):
        assert PRESETS[name].extra_of(extra) == expected, (name, extra)
    for name in ("modern", "modern_xueliu"):
        assert PRESETS[name].extra_of(extra) == MODERN_EXTRAS[extra], (name, extra)


def test_every_extra_and_pattern_has_a_one_line_definition() -> None:
    for entry in (*PATTERNS, *EXTRAS):
        assert entry.desc_zh and entry.desc_en and "\n" not in entry.desc_en, entry
        assert len(entry.desc_en) <= 80, entry
    of_hand = {e.id for e in EXTRAS if e.of_hand}
    assert of_hand == {"gen", "men_qing", "zhong_zhang"}  # RULES.md §6.3 step 2


def test_kong_transfer_option_reads_and_explains() -> None:
    info = OPTION_INFO["kong_transfer"]
    assert info.zh == "呼叫转移" and info.values == ("on", "off")
    assert info.help_zh and info.help_en
    assert not PRESETS["standard"].with_overrides(["kong_transfer=off"]).kong_transfer


def test_zi_mo_extra_follows_self_draw_bonus() -> None:
    assert PRESETS["jj"].extra_of("zi_mo") == 1
    assert PRESETS["standard"].extra_of("zi_mo") is None
    assert PRESETS["chengdu"].extra_of("zi_mo") is None


def test_derived_values() -> None:
    assert PRESETS["standard"].cap_multiplier is None
    assert PRESETS["jj"].cap_multiplier == 16
    assert PRESETS["wiki"].cap_multiplier == 8
    assert PRESETS["wiki"].pig_penalty_points == 8  # "cap" = the cap multiplier
    assert PRESETS["standard"].pig_penalty_points == 16
    assert PRESETS["standard"].with_overrides(["base=2"]).pig_penalty_points == 32
    assert PRESETS["wiki"].with_overrides(["cap_fan=none"]).pig_penalty_points == 16


def test_presets_are_hashable_and_labelled() -> None:
    assert len({hash(r) for r in PRESETS.values()}) == len(PRESETS)
    for name, rules in PRESETS.items():
        assert rules.preset_name == name
        assert get_preset(name) is rules
    assert get_preset(" JJ ") is PRESETS["jj"]


def test_unknown_preset_lists_valid_names() -> None:
    with pytest.raises(UnknownOptionError, match="standard, jj, wiki, chengdu"):
        get_preset("shanghai")


@pytest.mark.parametrize(
    ("override", "field", "value"),
    [
        ("cap_fan=4", "cap_fan", 4),
        ("cap_fan=none", "cap_fan", None),
        ("mode=xueliu", "mode", "xueliu"),
        ("drizzle=on", "drizzle", True),
        ("items=off", "items", False),
        ("pig_penalty=cap", "pig_penalty", "cap"),
        ("pig_penalty=8", "pig_penalty", 8),
        ("self_draw_bonus=none", "self_draw_bonus", "none"),
        ("self_draw_bonus=add_fan", "self_draw_bonus", "add_fan"),
        ("exposed_kong_pay=1", "exposed_kong_pay", 1),
        ("base=5", "base", 5),
        (" model = points ", "model", "points"),
    ],
)
def test_override_options(override: str, field: str, value: object) -> None:
    rules = PRESETS["standard"].with_overrides([override])
    assert getattr(rules, field) == value


def test_override_tables() -> None:
    rules = PRESETS["standard"].with_overrides(
        ["fan.jiang_dui=off", "fan.tian_hu=cap", "fan.jin_gou_diao=3", "extra.hai_di=1"]
    )
    assert rules.fan_of("jiang_dui") is None
    assert rules.fan_of("tian_hu") == "cap"
    assert rules.fan_of("jin_gou_diao") == 3
    assert rules.extra_of("hai_di") == 1
    assert PRESETS["standard"].fan_of("jiang_dui") == 4  # presets are untouched


def test_override_with_dict_of_python_values() -> None:
    rules = PRESETS["wiki"].with_overrides({"cap_fan": None, "drizzle": True, "fan.di_hu": 6})
    assert (rules.cap_fan, rules.drizzle, rules.fan_of("di_hu")) == (None, True, 6)
    assert rules.changed_options(PRESETS["wiki"]) == {
        "cap_fan": None,
        "drizzle": True,
        "fan.di_hu": 6,
    }


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("colour=red", "unknown option 'colour'; valid: mode, exchange_three, declare_void"),
        ("mode=fast", "valid: xuezhan, single, xueliu"),
        ("drizzle=maybe", "valid: on, off"),
        ("cap_fan=zero", "valid: none, an integer 1-16"),
        ("cap_fan=0", "an integer 1-16"),
        ("base=0", "an integer 1-1000"),
        ("pig_penalty=lots", "valid: cap, an integer 0-1000"),
        ("fan.qidui=1", "'fan.qidui'; did you mean 'fan.qi_dui'. valid patterns: fan.ping_hu,"),
        ("fan.qi_dui=big", "valid: cap, off, an integer 1-16"),
        ("fan.ping_hu=off", "valid: cap, an integer 1-16"),
        ("extra.zi_mo=1", "self_draw_bonus"),
        ("extra.hai_di=cap", "valid: off, an integer 0-8"),
        ("cap_fan", "expected NAME=VALUE"),
    ],
)
def test_bad_override_lists_valid_values(override: str, message: str) -> None:
    with pytest.raises(UnknownOptionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        PRESETS["standard"].with_overrides([override])


def test_unknown_option_error_is_value_error() -> None:
    assert issubclass(UnknownOptionError, ValueError)


@pytest.mark.parametrize("name", NAMES)
def test_dict_round_trip_through_json(name: str) -> None:
    rules = PRESETS[name].with_overrides(["extra.jue_zhang=2", "fan.qi_dui=off"])
    data = json.loads(json.dumps(rules.to_dict()))
    back = RuleSet.from_dict(data)
    assert back == rules
    assert back.preset_name == name
    assert data["fan.qi_dui"] is None and data["extra.jue_zhang"] == 2


def test_from_dict_fills_missing_options_with_standard() -> None:
    rules = RuleSet.from_dict({"cap_fan": 4})
    assert rules.cap_fan == 4 and rules.mode == "xuezhan" and rules.preset_name is None


def test_from_dict_rejects_unknown_keys() -> None:
    with pytest.raises(UnknownOptionError):
        RuleSet.from_dict({"speed": 3})


def test_uncapped_cap_value_is_above_every_number() -> None:
    # RULES.md §5.3 defines "cap" only with a cap; decided here: highest number + 1.
    assert PRESETS["wiki"].uncapped_cap_value == 6
    assert PRESETS["chengdu"].uncapped_cap_value == 9


def test_override_with_a_single_string() -> None:
    assert PRESETS["standard"].with_overrides("cap_fan=4").cap_fan == 4


# --- integer ranges (issue: huge rule values hang or exhaust memory) ----------------------


def test_every_integer_option_has_a_documented_range() -> None:
    for name, info in OPTION_INFO.items():
        if info.integer:
            assert info.minimum <= info.maximum and info.maximum > 0, name
            assert info.range_text == f"an integer {info.minimum}-{info.maximum}"
    assert (OPTION_INFO["cap_fan"].minimum, OPTION_INFO["cap_fan"].maximum) == (1, 16)
    assert OPTION_INFO["fan.ping_hu"].maximum == 16 and OPTION_INFO["extra.gen"].maximum == 8


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        ("cap_fan", 10**20),
        ("fan.ping_hu", 10**15),
        ("fan.qi_dui", 17),
        ("extra.gen", 9),
        ("extra.gen", -1),
        ("base", 0),
        ("base", 1001),
        ("coins_per_point", 10**6),
        ("exposed_kong_pay", -2),
        ("pig_penalty", 10**9),
    ],
)
def test_out_of_range_values_are_refused_everywhere_a_ruleset_is_built(name: str, bad: int) -> None:
    standard = PRESETS["standard"]
    for build in (
        lambda: standard.with_overrides([f"{name}={bad}"]),  # --set, the settings screen
        lambda: standard.with_overrides({name: bad}),
        lambda: RuleSet.from_dict({**standard.to_dict(), name: bad}),  # replays, saves
    ):
        with pytest.raises(UnknownOptionError, match=f"for option '{name}'") as exc:
            build()
        assert len(str(exc.value)) < 200
    if "." not in name:
        with pytest.raises(UnknownOptionError):
            dataclasses.replace(standard, **{name: bad})


def test_the_constructor_checks_every_value() -> None:
    with pytest.raises(UnknownOptionError, match="'mode'"):
        RuleSet(mode="fast")  # type: ignore[arg-type]
    with pytest.raises(UnknownOptionError, match="'items'"):
        RuleSet(items="on")  # type: ignore[arg-type]
    with pytest.raises(UnknownOptionError, match="fan_table"):
        RuleSet(fan_table=(("ping_hu", 1),))
    with pytest.raises(UnknownOptionError, match=r"'fan\.ping_hu'"):
        RuleSet(fan_table=tuple((p, None if p == "ping_hu" else 1) for p in PATTERN_IDS))
    assert RuleSet(cap_fan=16, base=1000).cap_multiplier == 2**15


def test_error_messages_quote_little_of_the_input() -> None:
    huge = "9" * 100_000
    with pytest.raises(UnknownOptionError) as exc:
        PRESETS["standard"].with_overrides([f"cap_fan={huge}"])
    assert len(str(exc.value)) < 200
    with pytest.raises(UnknownOptionError) as exc:
        PRESETS["standard"].with_overrides({"mode": "x" * 10_000})
    assert len(str(exc.value)) < 200
    with pytest.raises(UnknownOptionError) as exc:
        RuleSet.from_dict({"cap_fan": 10**100_000})
    assert "digits" in str(exc.value) and len(str(exc.value)) < 200


def test_option_help_says_what_rules_md_says() -> None:
    """The help shown beside each option on New game and in the rulebook: the points model
    scores only the highest pattern plus extras (§5.2, it said the patterns' points add up),
    a void suit may not be ponged or konged (§3.2), a root counts each (§5.1), the base
    multiplies what each payer pays (§5.2), a drawn hand nobody won keeps the dealer (§7)."""
    from engine.rules import OPTION_INFO as info

    assert "highest" in info["model"].help_en and "最大" in info["model"].help_zh
    assert "add up" not in info["model"].help_en
    assert "pong or kong" in info["declare_void"].help_en and "碰杠" in info["declare_void"].help_zh
    assert "each root" in info["extra.gen"].help_en and "每个根" in info["extra.gen"].help_zh
    assert "base ×" in info["base"].help_en and "底分 ×" in info["base"].help_zh
    assert "dealer stays" in info["next_dealer"].help_en and "连庄" in info["next_dealer"].help_zh
