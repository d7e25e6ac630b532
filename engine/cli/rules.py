"""``python -m engine rules``: every rule option, a preset's value of it, and the values it
takes (RULES.md §9.1) — the list an unknown ``--set NAME`` points to."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.cli import emit
from engine.cli._common import HelpFormatter, add_rules_arguments, read_rules
from engine.rules import OPTION_INFO, OptionValue

if TYPE_CHECKING:
    from engine.cli import Subparsers

DESCRIPTION = """\
List every rule option (RULES.md §9.1): its name — what --set NAME=VALUE takes here and in
python -m game — its value under the preset (with any --set applied) and the values it
takes. fan.<pattern> is a pattern's fan (points in the points model), extra.<extra> what an
extra adds.
"""

EPILOG = """\
examples:
  python -m engine rules
  python -m engine rules --rules chengdu --set cap_fan=4
  python -m engine rules --rules jj --json
"""


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "rules",
        help="every rule option, its value and what it takes",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    add_rules_arguments(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON object: the preset's name and each option's value, values and help",
    )
    parser.set_defaults(run=run)
    return parser


def _shown(name: str, value: OptionValue) -> str:
    """A value as --set writes it: on/off, none (no cap), off (no such pattern or extra)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none" if "none" in OPTION_INFO[name].values else "off"
    return str(value)


def _takes(name: str) -> str:
    info = OPTION_INFO[name]
    return ", ".join([*info.values, info.range_text] if info.integer else info.values)


def run(args: argparse.Namespace) -> int:
    rules = read_rules(args)
    values = {k: v for k, v in rules.to_dict().items() if k in OPTION_INFO}
    if args.json:
        emit(
            {
                "preset": rules.preset_name,
                "overrides": list(args.overrides),
                "options": [
                    {
                        "name": name,
                        "value": value,
                        "takes": _takes(name),
                        "en": OPTION_INFO[name].help_en,
                        "zh": OPTION_INFO[name].help_zh,
                    }
                    for name, value in values.items()
                ],
            }
        )
        return 0
    width = max(map(len, values))
    shown = {name: _shown(name, value) for name, value in values.items()}
    value_width = max(map(len, shown.values()))
    sets = "".join(f" --set {o}" for o in args.overrides)
    print(f"{len(values)} options, values under --rules {args.rules}{sets}:")
    for name in values:
        print(f"  {name:<{width}}  {shown[name]:<{value_width}}  {_takes(name)}")
    return 0
