"""`skirmtui balance --cluster`: the same report from a Dask distributed cluster (here
a local one, two worker processes) as from this process (issue 28)."""

from __future__ import annotations

import pytest

from skirmtui.engine.play.plan import balance_plan
from skirmtui.engine.play.workers import run_plan
from skirmtui.engine.report.balance_doc import balance_document
from skirmtui.systems.registry import get_system

distributed = pytest.importorskip(
    "distributed", reason="the cluster extra is not installed: pip install -e '.[cluster]'"
)


def test_a_local_dask_cluster_gives_the_same_report_as_one_process() -> None:
    plan, _ = balance_plan(
        get_system("regole-base"), seed=5, armies=["balestrieri", "cavaliere"], battles=100
    )
    here = run_plan(plan, get_system)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
    ):
        there = run_plan(plan, get_system, cluster=cluster.scheduler_address)
    assert there.tally.battles == 100 > plan.chunk  # two chunks, merged in order
    assert balance_document(plan, there.tally, there.stopped, "demo") == balance_document(
        plan, here.tally, here.stopped, "demo"
    )
