"""The deployment recipes in deploy/ stay consistent with the project (issue 12 item 5).

What can be checked without a container engine: the compose file parses and wires bot + workers +
Redis + PostgreSQL the way docs/operations.md says; the image installs with the README's own step
(``bash scripts/setup``, which scripts/bot and CI's scripts/test run too) as a non-root user; every
setting the recipes use is a key documented in .env.example; the systemd units start what they say.
"""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def env_example_keys() -> set[str]:
    return set(re.findall(r"^#?\s*([A-Z][A-Z0-9_]+)=", (REPO / ".env.example").read_text(), re.M))


def test_compose_runs_a_bot_workers_redis_and_postgresql() -> None:
    services = compose()["services"]
    assert {"bot", "worker", "redis", "postgres"} <= set(services)
    bot, worker = services["bot"], services["worker"]
    assert bot["command"] == ["puzzlebot", "run"]
    assert worker["command"][:3] == ["taskiq", "worker", "bot.scaleout:broker"]
    assert worker["command"][worker["command"].index("--max-async-tasks") + 1] == "1"
    assert worker["deploy"]["replicas"] >= 2
    for svc in (bot, worker):
        env = svc["environment"]
        assert env["SOLVER_BACKEND"] == "taskiq" and env["REDIS_URL"].startswith("redis://redis:")
        assert env["DATABASE_URL"].startswith("postgresql://") and "@postgres:" in env["DATABASE_URL"]
        assert svc["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
        assert set(svc["depends_on"]) >= {"redis"}
    assert bot["environment"]["PUZZLEBOT_METRICS_PORT"] == "9100"
    assert "8443:8443" in bot["ports"]
    assert set(bot["depends_on"]) == {"redis", "postgres"}
    assert all(s["healthcheck"]["test"] for s in (services["redis"], services["postgres"]))


def test_every_setting_the_recipes_use_is_documented_in_env_example() -> None:
    known = env_example_keys()
    services = compose()["services"]
    used = {k for name in ("bot", "worker") for k in services[name]["environment"]}
    used |= set(re.findall(r"\b((?:PUZZLEBOT|TELEGRAM|SOLVER|REDIS|DATABASE|DAILY|DISCORD)_[A-Z_]+)=",
                           (DEPLOY / "Dockerfile").read_text()))
    used = {k for k in used if not k.startswith("POSTGRES_")}
    assert used - known == set(), f"not in .env.example: {sorted(used - known)}"


def test_the_image_installs_with_the_readme_step_as_a_non_root_user() -> None:
    lines = [ln.strip() for ln in (DEPLOY / "Dockerfile").read_text().splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    runs = [ln.removeprefix("RUN ").strip() for ln in lines if ln.startswith("RUN ")]
    assert "bash scripts/setup" in runs  # the install step itself
    for script in ("scripts/bot", "scripts/test"):  # what the README's two commands (and CI) run to install
        assert "bash scripts/setup" in (REPO / script).read_text(), script
    assert "bash scripts/bot" in (REPO / "README.md").read_text()
    users = [ln.split()[1] for ln in lines if ln.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    assert lines.index(f"USER {users[-1]}") < lines.index("RUN bash scripts/setup")  # installed as that user too
    assert lines[-1].startswith("CMD") and "puzzlebot" in lines[-1]
    ignored = (DEPLOY / "Dockerfile.dockerignore").read_text().split()
    assert {".env", ".venv", ".git"} <= set(ignored)  # no local secrets or state in the image


@pytest.mark.parametrize(("unit", "command"), [("puzzlebot.service", "/.venv/bin/puzzlebot run"),
                                               ("puzzlebot-worker.service",
                                                "/.venv/bin/taskiq worker bot.scaleout:broker")])
def test_systemd_units_start_the_bot_and_the_workers(unit: str, command: str) -> None:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DEPLOY / "systemd" / unit)
    service = parser["Service"]
    assert command in service["ExecStart"]
    assert service["User"] != "root" and service["KillSignal"] == "SIGTERM"
    assert int(service["TimeoutStopSec"]) > 10  # the bot's own SIGTERM bound is 10 s
    assert parser["Install"]["WantedBy"] == "multi-user.target"


def test_systemd_units_pass_systemd_analyze(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    venv_bin = Path(shutil.which("taskiq") or REPO / ".venv/bin/taskiq").parent
    for unit in (DEPLOY / "systemd").glob("*.service"):  # the binaries must exist for verify: point at ours
        (tmp_path / unit.name).write_text(unit.read_text().replace("/opt/puzzlebot/.venv/bin", str(venv_bin)))
    out = subprocess.run([analyze, "verify", "--man=no", *sorted(str(p) for p in tmp_path.glob("*.service"))],
                         capture_output=True, text=True, timeout=60)
    problems = [ln for ln in (out.stdout + out.stderr).splitlines() if ".service" in ln]
    assert out.returncode == 0 and not problems, out.stdout + out.stderr
