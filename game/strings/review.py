"""Player-facing strings of the 复盘 review: the viewer's review panel, the settlement's
button, the match end's figures and the statistics' chart.

Chinese first, English second. Pure data: looked up through :func:`game.i18n.t`.
"""

from __future__ import annotations

from game.strings.common import Pair

REVIEW: Pair = ("复盘", "Review")

STRINGS: dict[str, Pair] = {
    "review.button": REVIEW,
    "review.title": REVIEW,
    "review.intro": (
        "让最强的电脑逐个检查你的决定（键盘：↓ 开始，之后 ↑/↓ 逐个查看失误）",
        "The strongest bot weighs each of your decisions (keys: ↓ starts, then ↑/↓ go "
        "from mistake to mistake)",
    ),
    "review.running": ("复盘中… {done} / {total}", "Reviewing... {done} / {total}"),
    "review.starting": ("复盘准备中…", "Starting the review..."),
    "review.failed": ("复盘没能完成，可以再试一次", "The review could not finish: try again"),
    "review.summary": (
        "准确率 {acc}% · 失误 {mistakes} · 损失 {loss} 分",
        "Accuracy {acc}% · {mistakes} mistakes · loss {loss} pts",
    ),
    "review.summary.one": (
        "准确率 {acc}% · 失误 1 · 损失 {loss} 分",
        "Accuracy {acc}% · 1 mistake · loss {loss} pts",
    ),
    "review.next": ("下一个失误 ↓", "Next mistake ↓"),
    "review.none": ("这一局没有需要你决定的地方", "You had no decision to make in this hand"),
    "review.no_mistakes": ("没有失误，打得好！", "No mistakes: well played!"),
    "review.step": ("第 {n} 步", "Step {n}"),
    "review.loss": ("-{loss} 分", "-{loss} pts"),
    "review.best": ("最佳：{action}", "Best: {action}"),
    "review.best_tile": ("最佳", "Best"),
    "review.your_tile": ("你打", "Yours"),
    "review.options": ("各选择期望得分：", "Expected points:"),
    "review.agree": ("好棋", "good"),
    "review.small": ("小失误", "small mistake"),
    "review.big": ("大失误", "big mistake"),
    "review.ahead": ("下一个决定：{what}", "Next decision: {what}"),
    "review.done_all": ("之后没有你的决定了", "No more decisions of yours"),
    # match end and statistics
    "review.match": (
        "复盘：准确率 {acc}%，{hands} 局共损失 {loss} 分",
        "Review: accuracy {acc}%, {loss} points lost over {hands} hands",
    ),
    "review.match.one": (
        "复盘：准确率 {acc}%，{hands} 局共损失 {loss} 分",
        "Review: accuracy {acc}%, {loss} points lost in {hands} hand",
    ),
    "review.match_pending": ("复盘中…", "Reviewing..."),
    "review.column": ("准确率", "Accuracy"),
    "review.chart": ("复盘准确率", "Review accuracy"),
    "review.chart_empty": (
        "每打完一局都会自动复盘，这里显示每局的准确率",
        "Each hand you play is reviewed; its accuracy shows here",
    ),
    # {acc}: the hands' decisions together, as review.match says it (never a plain mean)
    "review.chart_last": ("最近 {n} 局 · 准确率 {acc}%", "Last {n} hands · accuracy {acc}%"),
    "review.chart_last.one": ("最近一局 · {acc}%", "The last hand · {acc}%"),
}
