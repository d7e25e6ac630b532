"""``python -m game``: open the main menu, or with a table flag the table itself.

The table flags (``--play``, ``--demo``, ``--seed N``, ``--rules PRESET``, ``--set NAME=VALUE``
(repeatable), ``--bots a,b,c``) go straight to a match: you at the bottom against three bots,
or four bots with ``--demo``. Also ``--menu``, ``--lang zh|en``, ``--window WxH``, ``--speed``,
``--frames N`` (exit after N frames, print one JSON line of frame timings),
``--screenshot PATH`` (save the last frame), ``--continue`` (resume the autosaved match),
``--replay FILE`` (watch a replay), ``--tutorial`` (the guided first hand). Bad flags exit
with status 2.
"""

from __future__ import annotations

import time

_LAUNCH = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries the --frames JSON
import dataclasses  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

from game.settings import Settings  # noqa: E402

if TYPE_CHECKING:
    from game.nav import Navigator
from game.table.layout import MIN_H, MIN_W  # noqa: E402

PRESET_NAMES = ("standard", "jj", "wiki", "chengdu", "modern", "modern_xueliu")
BOT_NAMES = ("random", "greedy", "easy", "efficiency", "normal", "hard")
SPEED_NAMES = ("slow", "normal", "fast", "instant")


def _window(text: str) -> tuple[int, int]:
    try:
        w_text, h_text = text.lower().split("x")
        w, h = int(w_text), int(h_text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT like 1280x800, got {text!r}"
        ) from None
    if w < MIN_W or h < MIN_H:
        raise argparse.ArgumentTypeError(f"window {text!r} is smaller than {MIN_W}x{MIN_H}")
    return w, h


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return n


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m game",
        description="四川麻将 · 血战到底 — Sichuan Mahjong against three bots.",
    )
    p.add_argument("--play", action="store_true", help="go straight to the table (no menu)")
    p.add_argument("--demo", action="store_true", help="four bots play; you watch")
    p.add_argument("--seed", type=int, default=None, help="seed of the match (replays exactly)")
    p.add_argument("--rules", default=None, metavar="PRESET", help=", ".join(PRESET_NAMES))
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="overrides",
        help="change one rule option (repeatable), e.g. --set cap_fan=4",
    )
    p.add_argument("--bots", default=None, help=f"three bot levels: {', '.join(BOT_NAMES)}")
    p.add_argument(
        "--lang", choices=("zh", "en"), default=None, help="language (default: your settings)"
    )
    p.add_argument(
        "--window",
        type=_window,
        default=None,
        metavar="WxH",
        help="window size (default: 1280x800)",
    )
    p.add_argument("--speed", choices=SPEED_NAMES, default=None, help="animation speed")
    p.add_argument("--frames", type=_positive, default=None, help="exit after N frames")
    p.add_argument("--screenshot", default=None, metavar="PATH", help="save the last frame")
    p.add_argument("--menu", action="store_true", help="open on the main menu (the default)")
    start = p.add_mutually_exclusive_group()
    start.add_argument(
        "--continue",
        action="store_true",
        dest="resume",
        help="resume the autosaved match at the exact position",
    )
    start.add_argument("--replay", default=None, metavar="FILE", help="watch a replay file")
    start.add_argument("--tutorial", action="store_true", help="play the guided first hand")
    return p


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(argv)
    # a table flag means "play now"; without one the game opens on its main menu
    args.table = bool(
        args.play
        or args.demo
        or args.seed is not None
        or args.rules is not None
        or args.overrides
        or args.bots is not None
    )
    args.rules = args.rules or "standard"
    args.bots = args.bots or "normal,normal,normal"
    from engine.rules import UnknownOptionError, get_preset
    from game.settings import table_rules

    try:
        rules = get_preset(args.rules)
        if args.overrides:
            rules = rules.with_overrides(list(args.overrides))
        rules = table_rules(rules)
    except UnknownOptionError as exc:
        parser.error(str(exc))
    except ValueError as exc:
        parser.error(f"bad --set value: {exc}")
    bots = tuple(b.strip() for b in args.bots.split(","))
    if len(bots) == 1:
        bots = bots * 3
    if len(bots) != 3:
        parser.error(f"--bots needs one or three levels separated by commas, got {args.bots!r}")
    for b in bots:
        if b not in BOT_NAMES and ":" not in b:
            parser.error(
                f"unknown bot {b!r}; valid: {', '.join(BOT_NAMES)} or package.module:Class"
            )
    args.bots = bots
    args.rules_obj = rules
    return args


def startup_settings(args: argparse.Namespace, saved: Settings) -> Settings:
    """The player's saved settings (language, window, speeds, sound, hints, tile style …) as
    the starting point; flags given on the command line override them for this run only."""
    table_speed = args.speed or ("fast" if args.demo else None)
    return dataclasses.replace(
        saved,
        lang=args.lang or saved.lang,
        window=args.window or saved.window,
        preset=args.rules if args.table else saved.preset,
        overrides=tuple(args.overrides) if args.table else saved.overrides,
        bots=args.bots if args.table else saved.bots,
        demo=args.demo,
        seed=args.seed,
        speed=table_speed or saved.speed,
        bot_pace=table_speed or saved.bot_pace,
    )


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # the bot worker process in a PyInstaller build
    args = parse_args(argv)
    from game.app import App, stats_json
    from game.match_config import MatchConfig
    from game.nav import Navigator
    from game.settings import load_settings
    from game.table.bots import bot_pool

    saved, notice = load_settings()
    settings = startup_settings(args, saved)
    app = App(settings, settings.window)
    app.launch = _LAUNCH
    nav = Navigator(app)
    if args.menu or args.resume or args.replay or args.tutorial or not args.table:
        menu = nav.main_menu()
        problem = _open_flow(nav, args)
        if problem is None and notice is not None:
            problem = notice.text(settings.lang)  # a damaged settings file was set aside
        if problem is not None:
            menu.show_toast(problem, (255, 190, 140), 8.0)
    else:
        nav.lobby()  # where the table's Menu button leads
        nav.start_match(MatchConfig.quick(settings), demo=args.demo, rules=args.rules_obj)
    try:
        stats = app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        bot_pool().close()
        app.close()
    if args.frames is not None:
        print(stats_json(stats))
    return 0


def _open_flow(nav: Navigator, args: argparse.Namespace) -> str | None:
    """Over the main menu: resume the autosave, open a replay or start the tutorial.
    Returns what to tell the player when that is impossible (never raises for bad files)."""
    if args.resume:
        return nav.resume()
    if args.replay:
        from engine.replay import ReplayError
        from game.i18n import t

        try:
            nav.watch_replay(args.replay)
        except ReplayError as exc:
            print(f"--replay: {exc}", file=sys.stderr)
            return t("replays.bad", args.lang, error=str(exc)[:120])
        return None
    if args.tutorial:
        nav.tutorial()
    return None


if __name__ == "__main__":
    sys.exit(main())
