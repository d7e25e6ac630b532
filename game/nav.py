"""The navigator: the one module that builds scenes and puts them on the stack.

Scenes never import each other. A menu button asks for a :class:`~game.routes.Route`
(:meth:`Navigator.go`), New game asks :meth:`Navigator.start_match`, the table asks for its
pause menu, its settlement and the way out (:class:`~game.table.scene.TableNav`); the
navigator knows which scene answers and what it is built with. ``python -m game`` makes one
``Navigator(app)`` and opens the first screen through it.

Routes: the main menu's buttons (``continue``, ``quick``, ``new``, ``friends``, ``shop``,
``stats``, ``replays``, ``help``, ``settings``, ``quit``), ``tutorial``, ``main_menu``,
``lobby``, ``host`` and ``join``. Networked tables (:mod:`game.net`): :meth:`host_table`,
:meth:`join_table`, :meth:`open_net_table`.
With arguments: :meth:`start_match`, :meth:`watch_replay`, :meth:`resume`. For the table:
:meth:`pause`, :meth:`settle`, :meth:`leave`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.match import MatchState
from engine.replay import record
from engine.round import Round
from engine.rules import RuleSet
from game.app import App
from game.autosave import Autosave
from game.i18n import t
from game.match_config import MatchConfig
from game.profile import Profile
from game.replays import load_replay
from game.review import ReviewJob, ReviewLog, ReviewSummary, review_worker
from game.routes import Route
from game.scenes.about_scene import AboutScene
from game.scenes.base import Scene, SceneStack
from game.scenes.confirm import ConfirmScene
from game.scenes.help_scene import HelpScene
from game.scenes.match_end import MatchEndScene
from game.scenes.menu import MainMenuScene
from game.scenes.menu_base import MenuContext, MenuScene
from game.scenes.new_game import NewGameScene
from game.scenes.pause import PauseScene
from game.scenes.replay_list import ReplayListScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.settlement import SettlementExits, SettlementScene
from game.scenes.shop import ShopScene
from game.scenes.start import StartScene
from game.scenes.stats_scene import StatsScene
from game.settings import Settings
from game.storage import data_dir
from game.table import anim
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession, controller_from_doc
from game.table.replay import ReplayController, ReplayControls
from game.table.review_panel import ReviewPanel
from game.table.scene import WALK_OUT_BASES, TableKind, TableScene
from game.table.tutorial_coach import TutorialCoach
from game.tutorial import BOT_SPEC, tutorial_round, tutorial_rules
from game.ui.text import signed

if TYPE_CHECKING:  # networking is imported on first use: the game starts without it
    from game.net.driver import NetDriver
    from game.net.scenes import HostSpec, NetLobbyScene
    from game.net.session import NetSession

__all__ = ["Navigator", "hand_doc"]


def hand_doc(table: TableScene) -> dict[str, Any] | None:
    """The replay document of ``table``'s finished hand, with the seat the human played."""
    rnd = table.driver.round
    if not isinstance(rnd, Round) or not rnd.is_over:  # a networked hand has no record
        return None
    doc = record(rnd)
    doc["meta"] = {
        "human": table.driver.seating.human,
        "hand_no": table.driver.hand_no,
        "preset": rnd.rules.preset_name,
    }
    return doc


def _net_driver(driver: object) -> NetDriver | None:
    """``driver`` if it drives a networked hand (no networked table exists before
    game.net.driver was first imported)."""
    module = sys.modules.get("game.net.driver")
    if module is None:
        return None
    net_driver: type[NetDriver] = module.NetDriver
    return driver if isinstance(driver, net_driver) else None


def _match_over(table: TableScene) -> MatchSession | None:
    """The local match of ``table`` once it is over (last hand, a walk-out, a seat out of
    coins), else None."""
    session = table.driver.match_session
    if isinstance(session, MatchSession) and session.over:
        return session
    return None


_TOAST_WARN = (255, 190, 140)


class Navigator:
    """Builds and shows every screen of ``app``."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._ctx: MenuContext | None = None

    @property
    def stack(self) -> SceneStack:
        return self.app.stack

    @property
    def ctx(self) -> MenuContext:
        """What the menu scenes are built with: one context for the whole program, sharing
        the app's settings, data folder and profile (a damaged profile is reported once)."""
        app = self.app
        if self._ctx is None:
            ctx = MenuContext(settings=app.settings, nav=self, directory=app.data_dir)
            ctx.profile = app.profile  # a damaged file is told by the app, over every screen
            self._ctx = ctx
        self._ctx.settings = app.settings
        self._ctx.size = app.size
        return self._ctx

    def _push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def _bot_pace(self) -> float:
        return anim.BOT_PACE.get(self.app.settings.bot_pace, anim.BOT_PACE["normal"])

    def _tell(self, text: str) -> None:
        """A toast on the menu on top, when there is one."""
        top = self.stack.top
        if isinstance(top, MenuScene):
            top.show_toast(text, _TOAST_WARN, 8.0)

    # --- routes -----------------------------------------------------------------------

    def go(self, route: Route) -> None:
        """Open the screen of ``route`` (or do its act: quit, continue, quick play)."""
        {
            Route.CONTINUE: self.continue_match,
            Route.QUICK: self.quick_play,
            Route.NEW: self.new_game,
            Route.SHOP: self.shop,
            Route.STATS: self.stats,
            Route.REPLAYS: self.replays,
            Route.HELP: self.help,
            Route.SETTINGS: self.settings,
            Route.TUTORIAL: self.tutorial,
            Route.ABOUT: self.about,
            Route.QUIT: self.quit,
            Route.MAIN_MENU: self.main_menu,
            Route.LOBBY: self.lobby,
            Route.FRIENDS: self.friends,
            Route.HOST: self.friends_host,
            Route.JOIN: self.friends_join,
        }[route]()

    def main_menu(self) -> MainMenuScene:
        scene = MainMenuScene(self.ctx)
        self._push(scene)
        return scene

    def lobby(self) -> StartScene:
        """The small start screen ``--play`` and ``--demo`` open under the table."""
        scene = StartScene(self.app, self)
        self._push(scene)
        return scene

    def new_game(self) -> None:
        self._push(NewGameScene(self.ctx))

    def shop(self) -> None:
        self._push(ShopScene(self.ctx))

    def stats(self) -> None:
        self._push(StatsScene(self.ctx))

    def replays(self) -> None:
        self._push(ReplayListScene(self.ctx))

    def help(self) -> None:
        self._push(HelpScene(self.ctx))

    def settings(self) -> None:
        self._push(SettingsScene(self.ctx))

    def about(self) -> None:
        self._push(AboutScene(self.ctx))

    def quit(self) -> None:
        self.app.quit()

    # --- play with friends (game.net) -------------------------------------------------

    def friends(self) -> None:
        from game.net.scenes import FriendsScene

        self._push(FriendsScene(self.ctx))

    def friends_host(self) -> None:
        from game.net.scenes import HostScene

        self._push(HostScene(self.ctx))

    def friends_join(self) -> None:
        from game.net.scenes import JoinScene

        self._push(JoinScene(self.ctx))

    def host_table(self, spec: HostSpec) -> NetLobbyScene:
        """A server in this process (announced on the local network), this game seated at
        it as the host; the lobby shows the room code. Port ``spec.port`` when free, else
        any port. With ``spec.server``, the room is opened on that dedicated server instead
        (the same create_room). Returns at once: the lobby says "connecting" meanwhile."""
        from game.net.session import SEAT_FILE_NAME, NetSession
        from server.client import NetClient
        from server.host import HostedServer

        lang = self.app.settings.lang

        def server(port: int) -> HostedServer:
            return HostedServer(host=spec.host, port=port, announce=spec.announce).start()

        def connect(url: str) -> NetClient:
            client = NetClient(url, reconnect=True).start()
            client.create_room(
                spec.name,  # the room is named after it on each player's screen, in their language
                preset=spec.preset,
                hands=spec.hands,
                bots=(spec.bots,) * 4,
                announce=spec.announce,
                bot_delay=spec.bot_delay,
                turn_seconds=spec.turn_seconds,
                settle_seconds=spec.settle_seconds,
            )
            return client

        if spec.server is not None:  # the seat is remembered, as one at a friend's table
            seats = data_dir(self.app.data_dir) / SEAT_FILE_NAME
            session = NetSession(
                connect(spec.server),
                lang=lang,
                replay_dir=self._seat_replays(),
                seat_file=seats,
                opened=True,
            )
            return self._lobby(session)
        session = NetSession.hosting(
            server(spec.port),
            connect,
            fallback=None if spec.port == 0 else lambda: server(0),  # the port is taken
            lang=lang,
            replay_dir=self._seat_replays(),
        )
        return self._lobby(session)

    def join_table(
        self, url: str, name: str, *, code: str | None = None, ticket: str | None = None
    ) -> NetLobbyScene:
        """Connect to ``url`` and take the first free seat of the room ``code`` (or of the
        local network's ``ticket``); the lobby shows the room, or closes and says why."""
        from game.net.session import SEAT_FILE_NAME, NetSession
        from server.client import NetClient

        client = NetClient(url, reconnect=True).start()
        session = NetSession(
            client,
            lang=self.app.settings.lang,
            replay_dir=self._seat_replays(),
            seat_file=data_dir(self.app.data_dir) / SEAT_FILE_NAME,
        )
        session.join(name, code=code, ticket=ticket)
        return self._lobby(session)

    def _seat_replays(self) -> Path:
        """Where networked hands are kept as each seat saw them (not re-playable offline:
        the wall never reached the client)."""
        return data_dir(self.app.data_dir) / "net-replays"

    def _lobby(self, session: NetSession) -> NetLobbyScene:
        from game.net.scenes import NetLobbyScene

        scene = NetLobbyScene(self.ctx, session)
        self.app.on_close(session.drop)  # the window shut mid-table (a hosted one closes)
        self._push(scene)
        return scene

    def open_net_table(self, session: NetSession) -> TableScene | None:
        """The table of the hand just dealt (over the lobby); None while none is."""
        from game.net.driver import NetDriver

        driver = NetDriver.for_next_hand(session, session.done_hand)
        if driver is None:
            return None
        return self._net_table(driver)

    def _net_table(self, driver: NetDriver) -> TableScene:
        return self._table(self._net_scene(driver))

    def _net_scene(self, driver: NetDriver) -> TableScene:
        from game.net.overlay import NetTableOverlay

        return TableScene(self.app, driver, self, TableKind.PLAY, [NetTableOverlay(driver)])

    def quick_play(self) -> None:
        """A match with the last preset, options and bots the player chose."""
        self.new_match(MatchConfig.quick(self.app.settings))

    def new_match(
        self, config: MatchConfig, *, demo: bool = False, rules: RuleSet | None = None
    ) -> None:
        """:meth:`start_match` from a menu: with a match still in progress (the autosave) it
        asks first — Continue that one, or leave it, which counts as a walk-out (RULES.md
        §6.4), and start. A new match used to overwrite the saved one silently."""
        resumed = None if demo else self._saved_match()
        if resumed is None:
            self.start_match(config, demo=demo, rules=rules)
            return

        def leave_and_start() -> None:
            self.abandon_saved_match(resumed)
            self.start_match(config, rules=rules)

        self._push(
            ConfirmScene(
                self.ctx,
                "newmatch.title",
                f"newmatch.body.{resumed[1]}",
                ("newmatch.continue", self.continue_match),
                ("newmatch.leave", leave_and_start),
                penalty=WALK_OUT_BASES,
            )
        )

    def _saved_match(self) -> tuple[Controller, str] | None:
        """The saved match's controller at the saved position, and where the human stands in
        it: ``walk_out`` (still playing a hand: leaving is 逃跑, RULES.md §6.4), ``won`` (has
        won and the hand goes on: leaving is free, a bot plays the seat out) or ``between``
        (no hand under way, or one over and not yet recorded: nothing to pay for leaving).
        None without one; a save that does not resume is moved aside and the player told
        (as Continue would), and there is then nothing to leave."""
        store = Autosave(self.app.data_dir)
        if not store.exists():
            return None
        between = False

        def build(doc: dict[str, object]) -> Controller:
            nonlocal between
            between = doc.get("hand") is None  # saved after a hand, before the next deal
            session = self._match_session(MatchConfig().hands, store)
            return controller_from_doc(doc, session, bot_pace=self._bot_pace())

        ctl = store.resume(build)
        self.app.notify(store.notice)
        if ctl is None:
            return None
        if between or ctl.round.is_over or ctl.seating.human is None:
            return ctl, "between"
        return ctl, "won" if ctl.human_won() else "walk_out"

    def abandon_saved_match(self, resumed: tuple[Controller, str] | None = None) -> None:
        """The saved match (``resumed``, else read now: :meth:`_saved_match`) is left and
        ends; the autosave goes. Its hand settles as RULES.md §6.4 says: mid-hand a walk-out;
        after the human's win the hand is played out by bots and settled as usual (winnings,
        coins and statistics stand); between hands there is nothing to pay — a finished hand
        not yet recorded is recorded. The player is told what it came to."""
        resumed = resumed if resumed is not None else self._saved_match()
        if resumed is None:
            return
        ctl, standing = resumed
        human = ctl.seating.human
        app = self.app
        ctl.attach_profile(app.profile, app.data_dir, app.settings.lang)  # the coins it costs
        key = standing
        if standing == "walk_out":
            ctl.walk_out()
        elif standing == "won":
            ctl.leave_after_win()
        elif ctl.round.is_over and ctl.delta is None:
            ctl.finish()
            key = "settled"
        session = ctl.match_session
        if ctl.table_session is not None and not (session is not None and session.over):
            # the match into the stats, as at a table, under its id: recorded once, even if
            # the game stops before the autosave below is cleared
            match_id = session.match_id if session is not None else ""
            ctl.table_session.end_match(ctl.match, match_id)
        Autosave(app.data_dir).clear()
        if human is None:
            return
        report = ctl.hand_report
        coins = signed(report.coins[human]) if report is not None else signed(0)
        key = f"newmatch.left.{key}"
        app.notify((t(key, "zh", coins=coins), t(key, "en", coins=coins)))

    def continue_match(self) -> None:
        """The autosaved match, at the exact position; a toast when there is none."""
        problem = self.resume()
        if problem is not None:
            self._tell(problem)

    # --- a match --------------------------------------------------------------------------

    def start_match(
        self, config: MatchConfig, *, demo: bool = False, rules: RuleSet | None = None
    ) -> TableScene:
        """A new match: the human at the bottom (or four bots in a demo), ``config``'s rules
        (or ``rules``), bots and length; the seed is the settings' (``--seed``) or random.
        A match the human plays is autosaved after every action, keeps each hand's replay
        and ends after ``config.hands`` hands (None: until a seat runs out of coins)."""
        app = self.app
        settings = app.settings
        rules = rules if rules is not None else config.rules()
        seed = (
            settings.seed if settings.seed is not None else random.SystemRandom().randrange(1 << 31)
        )
        levels = tuple(config.bots)
        seating = Seating(
            human=None if demo else 0, bots=(levels[0] if demo else "normal", *levels)
        )
        ctl = Controller(
            rules, MatchState(rules=rules, seed=seed), seating, bot_pace=self._bot_pace()
        )
        if not demo:
            session = self._match_session(config.hands)
            session.start(ctl)
            ctl.match_session = session
        return self._table(TableScene(app, ctl, self))

    def _match_session(self, hands: int | None, autosave: Autosave | None = None) -> MatchSession:
        app = self.app
        return MatchSession(
            hands=hands,
            autosave=autosave if autosave is not None else Autosave(app.data_dir),
            keep_replays=app.settings.replays_kept,
            directory=app.data_dir,
        )

    def _table(self, table: TableScene) -> TableScene:
        self._push(table)
        return table

    def resume(self, autosave: Autosave | None = None) -> str | None:
        """The table at the autosaved position (Continue, ``--continue``). None on success,
        else what to tell the player: nothing saved, or a damaged save. A save that does not
        resume is moved aside (never deleted) and the one before it tried; resuming from an
        older save is told over the table (:meth:`game.app.App.notify`)."""
        app = self.app
        lang = app.settings.lang
        store = autosave if autosave is not None else Autosave(app.data_dir)

        def build(doc: dict[str, object]) -> Controller:
            session = self._match_session(MatchConfig().hands, store)
            return controller_from_doc(doc, session, bot_pace=self._bot_pace())  # ResumeError

        ctl = store.resume(build)
        if ctl is None:
            top = self.stack.top
            if isinstance(top, MenuScene):  # a save that did not resume was moved aside:
                top.rebuild()  # the main menu's Continue greys out (and a new player's tip)
            if store.notice is not None:
                return store.notice.text(lang)
            return t("resume.none", lang)
        app.notify(store.notice)
        app.notify(store.record_notice)  # a bad record of finished hands was left out
        self._table(TableScene(app, ctl, self))
        return None

    def watch_replay(self, path: str | Path) -> TableScene:
        """The replay viewer on the replay in ``path`` (``--replay FILE``, the replay list);
        raises :class:`engine.replay.ReplayError` when the file is not a good replay."""
        return self._viewer(ReplayController(load_replay(path)))

    def _viewer(self, ctl: ReplayController, review: bool = False) -> TableScene:
        """The replay viewer with its 复盘 panel (``review``: already reviewing)."""
        log = ReviewLog(self.app.data_dir)
        controls = ReplayControls(ctl)
        # the review first: it sees clicks first
        panel = ReviewPanel(ctl, log=log, auto_start=review, controls=controls)
        table = TableScene(self.app, ctl, self, TableKind.REPLAY, [panel, controls])
        return self._table(table)

    def review(self, table: TableScene) -> TableScene | None:
        """复盘 The finished hand of ``table`` in the replay viewer, reviewed for the human."""
        doc = hand_doc(table)
        if doc is None:
            return None
        return self._viewer(ReplayController(doc), review=True)

    def _review_in_background(self, table: TableScene) -> None:
        """Every hand the human plays is reviewed behind the next one (the match's end and
        the statistics show the figures)."""
        doc = hand_doc(table)
        human = table.driver.seating.human
        if doc is None or human is None:
            return
        log = ReviewLog(self.app.data_dir)
        match = str(table.driver.match.seed)

        def keep(job: ReviewJob) -> None:
            if job.review is not None:
                log.add(ReviewSummary.of(job.key, job.review, doc, match))

        review_worker().submit(doc, human, on_done=keep)

    def tutorial(self) -> TableScene:
        """The guided first hand (Rules & help, ``--tutorial``)."""
        rules = tutorial_rules()
        seating = Seating(human=0, bots=(BOT_SPEC,) * 4)
        ctl = Controller(rules, MatchState(rules=rules, seed=0), seating, bot_pace=self._bot_pace())
        ctl.auto_moves = False  # the lesson's only move is the player's to make
        ctl.round = tutorial_round(rules)
        ctl.events = list(ctl.round.events)  # dealt: nothing may deal this hand again
        table = TableScene(self.app, ctl, self, TableKind.TUTORIAL, [TutorialCoach()])
        return self._table(table)

    # --- the table's ways on (game.table.scene.TableNav) ----------------------------------

    def pause(self, table: TableScene) -> None:
        self._push(PauseScene(self.ctx, table))

    def leave(self, table: TableScene, *, to_main_menu: bool = False) -> None:
        """Close ``table`` and whatever is open over it. A networked table gives its seat up
        (the server's bot plays on for the others) and closes its lobby too. ``to_main_menu``
        (a button that says Main menu): the menus it was opened from close as well."""
        stack = self.stack
        while stack.top is not None and stack.top is not table:
            stack.pop()
        if stack.top is table:
            stack.pop()
        driver = _net_driver(table.driver)
        lost = None
        if driver is not None:
            from game.net.scenes import NetLobbyScene

            # what arrived while the table was covered (its settlement, the pause menu): a
            # table the server closed meanwhile is told, not left unsaid, in today's language
            driver.session.lang = self.app.settings.lang
            driver.session.pump()
            lost = driver.session.lost
            driver.session.close()
            if isinstance(stack.top, NetLobbyScene):
                stack.pop()
        if to_main_menu:
            self.down_to_main_menu()
        if lost is not None:
            self._tell(lost.text)

    def down_to_main_menu(self) -> None:
        """Close the menus over the main menu, when there is one below (a match started from
        New game, a table of Play with friends): "Main menu" led back into New game or the
        host's screen. Without one (``--play``) the lobby below is the menu."""
        stack = self.stack
        if any(isinstance(scene, MainMenuScene) for scene in stack.scenes):
            while not isinstance(stack.top, MainMenuScene):
                stack.pop()

    def settle(self, table: TableScene) -> None:
        """The settlement over the finished ``table``; what its buttons do depends on what
        the table was for."""
        if table.kind is TableKind.REPLAY:
            exits = SettlementExits(
                on_next=self.stack.pop,  # back to the viewer, at the end
                on_menu=lambda: self.leave(table),  # as the viewer's Close: to where it opened
                next_key="viewer.again",
                menu_key="viewer.close",
                on_cancel=self.stack.pop,  # Esc as Back to the replay
            )
        elif table.kind is TableKind.TUTORIAL:
            exits = SettlementExits(
                on_next=lambda: self._finish_tutorial(table),
                on_menu=None,
                next_key="tutorial.finish",
                banner_key="tutorial.done",
                # Esc as at the lesson's table: the pause menu (Rules & help, Settings, Leave),
                # whose Esc comes back — it did nothing here, and a press too many (Esc passes
                # a claim at the table) must not skip the lesson's result
                on_cancel=lambda: self.pause(table),
            )
        elif (net := _net_driver(table.driver)) is not None:
            exits = SettlementExits(
                on_next=lambda: self._net_next(table),
                on_menu=lambda: self._leave_net(table),
                next_key="net.final" if net.last else "btn.next_hand",
                on_cancel=lambda: self.pause(table),  # Esc as at the table: the pause menu
            )
        else:
            human = table.model.human is not None
            if human:
                self._review_in_background(table)
            exits = SettlementExits(
                on_next=lambda: self._next_hand(table),
                on_menu=lambda: self.leave(table, to_main_menu=True),
                auto_next=not human,  # a demo deals on by itself
                on_review=(lambda: self.review(table)) if human else None,
                final=lambda: _match_over(table) is not None,
                # Esc as at the table with nothing to pass: the pause menu; a demo's ends
                on_cancel=(lambda: self.pause(table)) if human else (lambda: self.leave(table)),
            )
        self._push(SettlementScene(self.app, table, exits))

    def _leave_net(self, table: TableScene) -> None:
        """Main menu at a friends' table's settlement: leave it — asking first when this
        game hosts it for others, as the pause menu does (leaving closes it for them)."""
        if not table.hosts_others:
            self.leave(table, to_main_menu=True)
            return
        self._push(
            ConfirmScene(
                self.ctx,
                "pause.host.title",
                "pause.host.body",
                ("pause.confirm.no", lambda: None),
                ("pause.host.yes", lambda: self.leave(table, to_main_menu=True)),
            )
        )

    def _next_hand(self, table: TableScene) -> None:
        """After a hand: the next one, or the match's end (last hand, a walk-out, a seat out
        of coins)."""
        stack = self.stack
        stack.pop()  # the settlement
        ctl = table.driver
        session = _match_over(table)
        if session is not None and isinstance(ctl, Controller):
            rules, bots = ctl.rules, ctl.seating.bots[1:]
            config = MatchConfig(bots=(bots[0], bots[1], bots[2]), hands=session.hands)

            def again() -> object:  # New match: the same rules and bots
                return self.start_match(config, rules=rules)

            stack.replace(MatchEndScene(self.ctx, ctl, session, again, self.down_to_main_menu))
            return
        stack.replace(TableScene(self.app, ctl.next_hand(), self))

    def _net_next(self, table: TableScene) -> None:
        """After a networked hand: the next hand's table when it has been dealt, else back
        to the lobby, which waits for it (or shows the match's end)."""
        stack = self.stack
        stack.pop()  # the settlement
        driver = _net_driver(table.driver)
        assert driver is not None
        try:
            nxt = driver.next_hand()
        except LookupError:
            if stack.top is table:
                stack.pop()  # the lobby below opens the next hand when it is dealt
            return
        stack.replace(self._net_scene(nxt))

    def _finish_tutorial(self, table: TableScene) -> None:
        coach = table.overlay(TutorialCoach)
        if coach is not None:
            coach.completed = True
        self.leave(table)

    # --- what the menus tell -----------------------------------------------------------

    def settings_changed(self, settings: Settings) -> None:
        self.app.apply_settings(settings)

    def sound_available(self) -> bool:
        return self.app.audio.available

    def table_open(self) -> bool:
        return any(isinstance(s, TableScene) for s in self.stack.scenes)

    def profile_changed(self, profile: Profile) -> None:
        """Nothing to do: the app, the menus and the table share the one profile object."""
