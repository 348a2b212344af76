"""What an answer is expected to bring: one step of look-ahead with the exact odds.

An option is tried on a private copy of the battle (the step replayed from where it
began, as undo does): the rolls that follow branch on their outcomes with their exact
chances (outcomes.py), the table's facts are taken every way, each as likely (up to
`FACTS` ways: where a shot lands, which distance band, yes and no), a
further decision of the same side takes its best option, and the step is valued as
soon as anyone else has a real choice to make, the battle ends, a table fact the
system's standing weighs is asked (`horizon`), or the search has spent its budget.
Each outcome is valued by the persona (`Persona`): what the enemy lost, what the side
kept, the battle's result.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from skirmtui.engine.core import records
from skirmtui.engine.core.base import BaseSystem, strength_by
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.odds import success_chance
from skirmtui.engine.core.prompts import AnswerValue, Choose, Confirm, Prompt, Roll
from skirmtui.engine.core.records import record
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.core.system import FieldSpec, RuleSystem, decides
from skirmtui.engine.play.answers import answers_of, passive
from skirmtui.engine.play.outlook import Outlook, better
from skirmtui.engine.play.personas import Persona
from skirmtui.engine.play.sides import side_of

#: Answers one decision may replay in its copies of the battle (each copy replays the
#: step so far): what keeps a decision within its time however long a step grows.
BUDGET = 900
#: A further decision of the same side is looked into this deep at most.
DEPTH = 2
#: A table fact with this many answers or fewer is taken every way, each as likely;
#: one with more, its middle answer (a choice) or its likely one (a number, a list).
FACTS = 6
#: The value of winning (or losing) the battle, in units of worth.
RESULT = 20.0
#: What an outcome is reduced to: score, score², dealt, taken, kill, lose, gained, reply,
#: closing, mending, attacks, cut (1: valued before it was seen, the budget spent; always
#: last).
MOMENTS = 12


@record
class Search:
    """One decision's search: the battle where its step began, the answers since."""

    system: RuleSystem
    base: Battle
    consumed: int
    tail: list[Item]
    side: str
    persona: Persona
    before: dict[str, tuple[float, bool]] = records.field(factory=dict)
    stood: dict[str, float] = records.field(factory=dict)
    budget: int = BUDGET
    #: What the branches after the one being searched keep of the budget: a node shares
    #: what it has left evenly among its branches (the first does not starve the rest).
    floor: int = 0
    #: An average unit's value: worth is counted in average units (1 = a whole one).
    scale: float = 1.0
    #: Each unit's value over `scale`, and what a blow to it counts for `focus` (1 less
    #: its worth at the decision): read once, a unit's profile never changes.
    values: dict[str, float] = records.field(factory=dict)
    hurt: dict[str, float] = records.field(factory=dict)
    #: Each unit's `restore_field` where the system counts strength the base way (read
    #: once: the systems' depend on the unit's profile alone); None: its own `strength`.
    specs: dict[str, FieldSpec] | None = None
    #: What the side stands to lose to the enemy's reply where the decision is (worth in
    #: `unit_value` terms, units; None: where the step began): an outcome counts the
    #: change.
    exposed: tuple[float, float] | None = None
    #: What the side's units that closed in may take off next where the step began
    #: (`system.closing`; read only for a persona that weighs it).
    closed: float = 0.0
    #: The unit the decision is about (the prompt's actor), if any: its own attacks
    #: count for `attack` in any step (a charge's blows a step later).
    actor: str | None = None
    #: The attack rolls the side's units may still make this turn where the step began
    #: (`system.attacks_to_come`; read only for a persona that weighs `attack`; None:
    #: the system does not say).
    to_come: float | None = None
    #: What the side's units may win back this turn where the step began
    #: (`system.mending`; read only for a persona that weighs `mend`).
    mended: float = 0.0

    def __attrs_post_init__(self) -> None:
        units = self.base.units.values()
        whole = {u.id: self.system.unit_value(u) for u in units}
        self.scale = sum(whole.values()) / len(whole) if whole else 1.0
        self.values = {uid: value / self.scale for uid, value in whole.items()}
        if type(self.system).strength is BaseSystem.strength:
            self.specs = {u.id: self.system.restore_field(self.base, u) for u in units}
        self.before = {u.id: (self.worth(self.base, u.id), u.removed) for u in units}
        self.hurt = {
            uid: 1.0 - was * self.scale / max(whole[uid], 1e-9)
            for uid, (was, _) in self.before.items()
        }
        self.stood = {s.id: self.system.standing(self.base, s.id) for s in self.base.sides}
        if self.exposed is None:
            self.exposed = self.system.exposure(self.base, self.side)
        if self.persona.closing:
            self.closed = self.system.closing(self.base, self.side)
        if self.persona.mend:
            self.mended = self.system.mending(self.base, self.side)
        if self.persona.attack:
            self.to_come = self.system.attacks_to_come(self.base, self.side)

    def worth(self, battle: Battle, unit_id: str) -> float:
        unit = battle.units[unit_id]
        value = self.values.get(unit_id)
        if value is None:
            value = self.system.unit_value(unit) / self.scale
        return self.strength(battle, unit) * value

    def strength(self, battle: Battle, unit: Unit) -> float:
        """The system's `strength` of a unit (the base reading with its field read once)."""
        specs = self.specs
        if specs is None or unit.id not in specs:
            return self.system.strength(battle, unit)
        return 0.0 if unit.removed else strength_by(unit, specs[unit.id])

    def runner(self, path: Sequence[Item]) -> Runner:
        """A runner where the decision's prompt stands, then `path` applied. A GM entry
        of the step's tail that counts from the step's start plays the step again from
        `base`, as the session did (`rewind`): the copy is the battle the table sees."""
        self.budget -= 1 + len(self.tail) + len(path)
        runner = Runner(self.system, self._fresh(), self.consumed, rewind=self._rewind)
        runner.replaying = True
        for item in (*self.tail, *path):
            runner.apply(item)
        return runner

    def _fresh(self) -> Battle:
        battle = self.base.clone()
        battle.log = []
        battle.texts = {}
        return battle

    def _rewind(self, consumed: int) -> tuple[Battle, int]:
        assert consumed == self.consumed, "a look-ahead rewinds to its own step only"
        return self._fresh(), 0

    def _fair(self, floor: int, n: int, of: int) -> None:
        """Before the `n`-th of `of` branches: keep back for the branches after it their
        even share of what the node has left above its own `floor`."""
        left = max(self.budget - floor, 0)
        self.floor = floor + left * (of - n - 1) // (of - n)

    def _short(self, path: Sequence[Item]) -> bool:
        """Whether a branch's share cannot pay for replaying the step to it: it is then
        valued as the node stands (only the last branch, moving the node's runner on,
        costs next to nothing)."""
        return self.budget - self.floor < 2 + len(self.tail) + len(path)

    def _then(self, runner: Runner | None, item: Item) -> Runner | None:
        """`runner` moved on by `item`, when it is given: the last branch of a node takes
        its parent's runner instead of replaying the step again."""
        if runner is None:
            return None
        self.budget -= 1
        runner.apply(item)
        return runner

    def outlook(self, key: str, first: AnswerValue) -> Outlook:
        """What answering `first` to the pending prompt (`key`) is expected to bring."""
        path = [Item(key, first)]
        moments, roll, chance = self._expect(path, DEPTH, first_roll=True)
        mean, square, dealt, taken, kill, lose, gained, reply, closing, mending, attacks, cut = (
            moments
        )
        spread = math.sqrt(max(square - mean * mean, 0.0))
        return Outlook(
            mean,
            spread,
            dealt,
            taken,
            kill,
            lose,
            roll,
            chance,
            gained,
            reply,
            closing,
            cut,
            attacks,
            mending,
        )

    # -- the tree -----------------------------------------------------------------------

    def _expect(
        self,
        path: list[Item],
        depth: int,
        first_roll: bool = False,
        runner: Runner | None = None,
    ) -> tuple[tuple[float, ...], str, float | None]:
        """Expected (score, score², dealt, taken, kill, lose, gained, reply, closing,
        mending, attacks, cut) after `path`; with the side's first roll in the decision's step and
        its exact chance when `first_roll`.
        `runner`: one already at `path`, the node's to use up (its last branch moves it
        on instead of replaying)."""
        if runner is None:
            runner = self.runner(path)
        prompt = runner.prompt
        battle = runner.battle
        if prompt is None:
            return self._value(battle), "", None
        mine = side_of(battle, prompt) == self.side
        if self.budget <= self.floor:
            # Spent: valued as it stands; cut if the search would not stop here anyway
            # (another side's decision, the side's own past `DEPTH`) and the decision's
            # own step goes on: what the answer leads to (its rolls) was not seen.
            horizon = decides(self.system, prompt) and (not mine or depth <= 0)
            horizon = horizon and not (not mine and self._reply(prompt, runner))
            return self._value(battle, cut=not horizon and self._within(runner)), "", None
        if isinstance(prompt, Roll):
            chance = success_chance(prompt)
            from skirmtui.engine.play.outcomes import branches

            # The likeliest outcome last: it moves this runner on, so it is looked into
            # however little budget is left (the others, if none is left: as now).
            split = sorted(branches(prompt), key=lambda b: b[1])
            # An attack of the side's in the decision's own step, or by the unit the
            # decision is about (another unit's in a later step is reached sooner by
            # some answers than others: the horizon's doing, not the answer's); any,
            # where the system counts the attacks still to come (made and to come are
            # then the same whatever step the look-ahead ends in).
            within = self._within(runner)
            counted = within or self.to_come is not None or self._by_actor(prompt)
            attack = mine and counted and self._at_enemy(battle, prompt)
            total = self._over(path, depth, runner, prompt.key, split)
            if attack:
                total = self._attack(total)
            if not first_roll or not mine or not within:
                # The odds shown (and `policy.CHANCE`'s tie-break) are of the side's own
                # roll in the decision's step: a later step's is another unit's, not
                # the answer's (wargaming-introduttivo's "stop activating" was tied by
                # the recovery roll it leads to with an activation's own roll).
                return total, "", None
            return total, prompt.text, None if chance is None else float(chance)
        if isinstance(prompt, Confirm):
            item = Item(prompt.key, True)
            return self._expect([*path, item], depth, first_roll, self._then(runner, item))
        decision = decides(self.system, prompt)
        if not decision and prompt.key in self.system.horizon:
            # A fact it could only guess, which the system's standing weighs: read on
            # with one answer, that guess would decide (a battle's result, say).
            return self._value(battle), "", None
        odds = None if decision else self.system.fact_odds(battle, prompt)
        if odds:  # a table fact its system reads from the position, with the chances
            return self._over(path, depth, runner, prompt.key, odds), "", None
        answers = answers_of(prompt, every_number=False, decision=decision)
        if not decision and len(answers) > 2 and prompt.key in self.system.likely_first:
            answers = answers[:1]  # a table fact its system says is likely first
        if len(answers) == 1:
            item = Item(prompt.key, answers[0])
            return self._expect([*path, item], depth, first_roll, self._then(runner, item))
        if mine and decision and depth > 0:
            return self._choose(path, depth - 1, first_roll, runner, prompt.key, answers, mine)
        if decision and self._reply(prompt, runner):
            # The enemy's answer to the side's own action (a defence): its best, the
            # worst for the side; the side's own depth is not spent on it.
            return self._choose(path, depth, first_roll, runner, prompt.key, answers, mine)
        if not decision and isinstance(prompt, Choose) and len(answers) > FACTS:
            answers = answers[len(answers) // 2 : len(answers) // 2 + 1]  # one, the middle
        if not decision and len(answers) <= FACTS:  # a table fact: each answer as likely
            even = [(answer, 0.0) for answer in answers]
            return self._over(path, depth, runner, prompt.key, even, even=True), "", None
        return self._value(battle), "", None

    def _choose(
        self,
        path: list[Item],
        depth: int,
        first_roll: bool,
        runner: Runner,
        key: str,
        answers: list[AnswerValue],
        mine: bool,
    ) -> tuple[tuple[float, ...], str, float | None]:
        """A decision looked into answer by answer: the side's own takes its best (an
        answer seen through first, `better`), the enemy's reply its worst for the side."""
        prompt = runner.prompt
        assert prompt is not None
        # Doing nothing first: the last answer is looked into however little budget
        # is left (it moves this runner on), so let it be one that does something.
        answers.sort(key=lambda answer: not passive(prompt, answer))
        best: tuple[tuple[float, ...], str, float | None] | None = None
        floor = self.floor
        for n, answer in enumerate(answers):
            self._fair(floor, n, len(answers))
            last = n == len(answers) - 1
            if not last and self._short(path):
                continue
            item = Item(key, answer)
            reuse = self._then(runner if last else None, item)
            got = self._expect([*path, item], depth, first_roll, reuse)
            sign = 1.0 if mine else -1.0
            if best is None or better(sign * got[0][0], got[0][-1], sign * best[0][0], best[0][-1]):
                best = got
        self.floor = floor
        # (The last answer is always looked into: `best` is set.)
        return best if best is not None else (self._value(runner.battle), "", None)

    def _reply(self, prompt: Prompt, runner: Runner) -> bool:
        """Whether `prompt` is another side's answer to the side's own action that the
        look-ahead reads through (`RuleSystem.replies`, within the decision's step)."""
        return prompt.key in self.system.replies and self._within(runner)

    def _over(
        self,
        path: list[Item],
        depth: int,
        runner: Runner,
        key: str,
        outcomes: Sequence[tuple[AnswerValue, float]],
        *,
        even: bool = False,
    ) -> tuple[float, ...]:
        """The moments expected over the answers to `key` (each with its chance; `even`:
        each as likely), one branch each: the last moves `runner` on, so it is looked
        into however little budget is left; the others, once none is left, count as
        the battle stands, cut."""
        total = [0.0] * MOMENTS
        floor = self.floor
        # The node as it stands, for the branches the budget cannot pay for: valued when
        # first needed (before the last branch moves `runner` on), most nodes never are.
        now: tuple[float, ...] | None = None
        count = len(outcomes)
        for n, (answer, p) in enumerate(outcomes):
            self._fair(floor, n, count)
            item = Item(key, answer)
            last = n == count - 1
            if not last and self._short(path):
                if now is None:
                    now = self._value(runner.battle, cut=self._within(runner))
                moments = now
            else:
                reuse = self._then(runner if last else None, item)
                moments = self._expect([*path, item], depth, runner=reuse)[0]
            if even:
                total = [t + m / count for t, m in zip(total, moments, strict=True)]
            else:
                total = [t + p * m for t, m in zip(total, moments, strict=True)]
        self.floor = floor
        return tuple(total)

    def _at_enemy(self, battle: Battle, prompt: Roll) -> bool:
        """Whether a roll of the side's is an attack at an enemy unit (what `bench.ai`
        counts as one: the roll's target, or its first, is the enemy's)."""
        target = prompt.target or (prompt.targets[0] if prompt.targets else None)
        unit = battle.units.get(target) if target is not None else None
        return unit is not None and unit.side != self.side and self.system.is_attack(prompt)

    def _by_actor(self, prompt: Roll) -> bool:
        """Whether a roll is made by the unit the decision is about."""
        actor = self.actor
        return actor is not None and (prompt.actor == actor or actor in prompt.actors)

    def _attack(self, total: tuple[float, ...]) -> tuple[float, ...]:
        """The moments of a node that is one attack roll of the side's more: `attack`
        added to every outcome's score (score² follows), one attack counted."""
        a = self.persona.attack
        moments = list(total)
        moments[1] += 2.0 * a * moments[0] + a * a
        moments[0] += a
        moments[-2] += 1.0
        return tuple(moments)

    def _within(self, runner: Runner) -> bool:
        """Whether `runner` is still in the step the decision was taken in (its rolls
        are the answer's own outcomes; a later step's, a new round's, are not)."""
        return runner.boundary_at == self.consumed

    def _value(self, battle: Battle, cut: bool = False) -> tuple[float, ...]:
        """(score, score², dealt, taken, kill, lose, gained, reply, closing, mending,
        attacks, cut) of one outcome (attacks: those still to come, more than at the
        start, where the system says; the tree counts those made, `_attack`): what it
        is worth by the persona, the enemy's reply counted as losses to come
        (`exposure`), what the side's units that closed in may take off next
        (`closing`), what they may win back (`mending`); `cut`: valued before it was
        seen."""
        w = self.persona
        battle = self.system.landed(battle)  # what the rules hold counts as landed
        dealt = taken = harm_hurt = 0.0
        killed = lost = 0.0
        strength, values, hurt = self.strength, self.values, self.hurt
        for uid, (was, was_removed) in self.before.items():
            unit = battle.units.get(uid)
            if unit is None:
                continue
            now = strength(battle, unit) * values[uid]
            # Off the table, or as good as (damage that lands at the turn's end): gone.
            gone = (unit.removed or now <= 0.0) and not was_removed and was > 0.0
            if unit.side == self.side:
                taken += was - now
                lost += 1.0 if gone else 0.0
            else:
                dealt += was - now
                harm_hurt += (was - now) * hurt[uid]
                killed += 1.0 if gone else 0.0
        gained = 0.0  # the system's own way of winning: objectives held, firmness kept
        for side, was_standing in self.stood.items():
            change = self.system.standing(battle, side) - was_standing
            gained += change if side == self.side else -change
        worth, units = self.system.exposure(battle, self.side)
        exposed = self.exposed or (0.0, 0.0)
        reply = (worth - exposed[0]) / self.scale
        closing = self.system.closing(battle, self.side) - self.closed if w.closing else 0.0
        mending = self.system.mending(battle, self.side) - self.mended if w.mend else 0.0
        to_come = 0.0  # attacks the side's units may still make, more than at the start
        if self.to_come is not None:
            to_come = (self.system.attacks_to_come(battle, self.side) or 0.0) - self.to_come
        score = (
            w.objective * gained
            + w.harm * dealt
            + w.kill * killed
            + w.focus * harm_hurt
            - w.keep * (taken + reply)
            - w.cohesion * (lost + units - exposed[1])
            + w.closing * closing
            + w.attack * to_come
            + w.mend * mending
        )
        if battle.result is not None and not self.base.over:
            winner = battle.result.winner
            score += 0.0 if winner is None else (RESULT if winner == self.side else -RESULT)
        return (
            score,
            score * score,
            dealt,
            taken,
            float(killed > 0),
            float(lost > 0),
            gained,
            reply,
            closing,
            mending,
            to_come,
            float(cut),
        )
