"""The pre-commit hook, run for real by pre-commit on a temporary git repository, and the
GitHub Action's check step, run by bash as the runner would.

`pre-commit try-repo` installs deckcheck (`language: python`: pip install of a snapshot of this
working tree, dependencies from PyPI) into a fresh environment, then runs the hook.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from .conftest import REPO

SAMPLES = REPO / "sample_decks"
LEGAL_YDK = SAMPLES / "tcg" / "branded-despia.ydk"
ILLEGAL_YAML = SAMPLES / "tcg" / "snake-eye-illegal.yaml"


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"})


def snapshot_of_this_tree(dest: Path) -> Path:
    """This working tree's package as a repository of its own (what a user's `rev:` would fetch)."""
    for name in ("deckcheck", "banlists", "schemas"):
        shutil.copytree(REPO / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml"):
        shutil.copy(REPO / name, dest / name)
    git("init", "-q", cwd=dest)
    git("add", ".", cwd=dest)
    git("commit", "-q", "-m", "snapshot", cwd=dest)
    return dest


def test_hook_definitions():
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert set(hooks) == {"deckcheck", "deckcheck-ydk"}
    for hook in hooks.values():
        assert hook["language"] == "python" and hook["entry"] == "deckcheck check --force-exclude"
        assert hook["require_serial"] is True
    import re

    files, exclude = re.compile(hooks["deckcheck"]["files"]), re.compile(hooks["deckcheck"]["exclude"])

    def picked(path: str) -> bool:
        return bool(files.search(path)) and not exclude.search(path)

    assert picked("decks/a.ydk") and picked("decks/b.yaml") and picked("c.yml") and picked("decks/links.ydke")
    assert not picked(".github/workflows/ci.yml") and not picked(".pre-commit-config.yaml")
    assert not picked(".gitlab-ci.yml") and not picked("notes.txt") and not picked("decks/.draft.ydk")


@pytest.mark.slow  # a real pre-commit environment
@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed by pre-commit")
def test_pre_commit_runs_the_hook_on_a_deck_repository(tmp_path):
    pytest.importorskip("pre_commit")
    hook_repo = snapshot_of_this_tree(tmp_path / "deckcheck-src")
    decks = tmp_path / "my-decks"
    (decks / "decks").mkdir(parents=True)
    (decks / ".github" / "workflows").mkdir(parents=True)
    shutil.copy(LEGAL_YDK, decks / "decks" / "legal.ydk")
    shutil.copy(ILLEGAL_YAML, decks / "decks" / "illegal.yaml")
    (decks / ".github" / "workflows" / "ci.yml").write_text("on: push\njobs: {}\n", encoding="utf-8")
    git("init", "-q", cwd=decks)
    git("add", ".", cwd=decks)
    git("commit", "-q", "-m", "decks", cwd=decks)
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "PRE_COMMIT_HOME")}
    env["PRE_COMMIT_HOME"] = str(tmp_path / "pre-commit-home")  # a fresh install, nothing cached
    env["NO_COLOR"] = "1"
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=hook_repo, capture_output=True, text=True,
                         check=True).stdout.strip()

    def run_hook(narrowed: bool = False) -> subprocess.CompletedProcess:
        """``pre-commit run`` with the hook as a user's config names it: its environment is installed once
        (pre-commit keys it by repository and rev, not by the hook's options)"""
        (decks / ".pre-commit-config.yaml").write_text(
            f"repos:\n  - repo: {hook_repo}\n    rev: {rev}\n    hooks:\n      - id: deckcheck\n"
            + ("        files: ^decks/\n" if narrowed else ""), encoding="utf-8")
        git("add", "-A", cwd=decks)
        git("commit", "-q", "-m", "decks", cwd=decks)
        return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files", "--verbose", "--color",
                               "never"], cwd=decks, capture_output=True, text=True, env=env, timeout=900)

    proc = run_hook()
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "deckcheck (Yu-Gi-Oh! decklists)" in out  # the hook's name: it ran
    assert "ILLEGAL decks/illegal.yaml" in out and "✓ LEGAL decks/legal.ydk" in out
    assert "ci.yml" not in out and ".pre-commit-config" not in out  # workflow YAML is never handed to deckcheck

    os.remove(decks / "decks" / "illegal.yaml")
    proc = run_hook()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "✓ LEGAL decks/legal.ydk" in proc.stdout and "ILLEGAL" not in proc.stdout  # it ran, and found it legal

    # The documented narrowing, `files: ^decks/`, replaces the hook's own suffix filter (issue 25, item 6): a
    # README and notes in the deck folder are handed to deckcheck, and must not be judged as decklists.
    (decks / "decks" / "README.md").write_text("# My decks\n\nWhat I play at locals.\n", encoding="utf-8")
    (decks / "decks" / "notes.txt").write_text("Bring sleeves and dice.\n", encoding="utf-8")
    proc = run_hook(narrowed=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "✓ LEGAL decks/legal.ydk" in proc.stdout and "README" not in proc.stdout and "notes.txt" not in proc.stdout


def action_check_script() -> tuple[str, dict]:
    action = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    (step,) = [s for s in action["runs"]["steps"] if s.get("id") == "check"]
    assert step["shell"] == "bash"
    assert "${{" not in step["run"]  # inputs only through the environment
    return step["run"], action


def test_action_inputs_and_install_from_its_own_checkout():
    _, action = action_check_script()
    assert {"paths", "format", "banlist", "as-of", "output-format", "output"} <= set(action["inputs"])
    assert action["inputs"]["output-format"]["default"] == "github"
    from deckcheck.report import OUTPUT_FORMATS  # issue 25, item 15: the inputs' descriptions were stale

    described = action["inputs"]["output-format"]["description"]
    assert [name for name in OUTPUT_FORMATS if name not in described] == []
    install = [s for s in action["runs"]["steps"] if s.get("name") == "Install deckcheck"][0]
    assert install["env"]["DECKCHECK_SOURCE"] == "${{ github.action_path }}"


def run_action(tmp_path: Path, cwd: Path, **inputs: str) -> subprocess.CompletedProcess:
    script, _ = action_check_script()
    wrapper = tmp_path / "deckcheck-bin"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m deckcheck "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    env.update({"DECKCHECK_BIN": str(wrapper), "GITHUB_OUTPUT": str(tmp_path / "github_output"),
                "GITHUB_ACTIONS": "true", "PYTHONPATH": str(REPO)})
    for name in ("paths", "format", "banlist", "as_of", "output_format", "output", "region", "points_cap", "quiet",
                 "args"):
        env[f"INPUT_{name.upper()}"] = inputs.get(name, "github" if name == "output_format" else "")
    # as the runner runs a composite step: bash --noprofile --norc -eo pipefail {0}
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=300)


def test_action_annotates_and_fails_on_an_illegal_deck(tmp_path):
    repo = tmp_path / "repo"
    (repo / "decks dir").mkdir(parents=True)
    shutil.copy(LEGAL_YDK, repo / "decks dir" / "legal.ydk")
    shutil.copy(ILLEGAL_YAML, repo / "illegal.yaml")
    proc = run_action(tmp_path, repo, paths="decks dir\nillegal.yaml\n")
    assert proc.returncode == 1, proc.stderr
    assert "::error file=illegal.yaml,line=" in proc.stdout and "::group::illegal.yaml" in proc.stdout
    assert (tmp_path / "github_output").read_text() == "exit-code=1\n"
    ok = run_action(tmp_path, repo, paths="decks dir/legal.ydk\n", banlist="2025.04 TCG",
                    output_format="json", output="report.json")
    assert ok.returncode == 0, ok.stderr
    assert json.loads((repo / "report.json").read_text())["format"]["banlist"] == "2025.04 TCG"
    dated = run_action(tmp_path, repo, paths="illegal.yaml", as_of="2024-04-18", output_format="csv")
    assert dated.returncode == 1 and dated.stdout.startswith("path,")


def test_action_with_no_paths_checks_the_repository_root(tmp_path):
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    shutil.copy(LEGAL_YDK, repo / "decks" / "a.ydk")
    proc = run_action(tmp_path, repo, output_format="json", banlist="2025.04 TCG")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert [d["path"] for d in doc["decks"]] == ["decks/a.ydk"] and doc["format"]["banlist"] == "2025.04 TCG"


def test_action_passes_region_points_cap_quiet_and_free_arguments(tmp_path):
    """Issue 25, item 15: the Action had no way to pass --points-cap, --region, --quiet or other options."""
    _, action = action_check_script()
    assert {"region", "points-cap", "quiet", "args"} <= set(action["inputs"])
    assert "tcg or ocg" not in action["inputs"]["format"]["description"]
    repo = tmp_path / "repo"
    repo.mkdir()
    shutil.copy(LEGAL_YDK, repo / "legal.ydk")
    shutil.copy(ILLEGAL_YAML, repo / "illegal.yaml")
    proc = run_action(tmp_path, repo, paths="legal.ydk illegal.yaml", format="genesys", points_cap="1",
                      region="amer", output_format="json", args="--jobs\n1\n")
    doc = json.loads(proc.stdout)
    assert doc["format"]["id"] == "genesys" and doc["format"]["region"] == "amer"
    assert all("points-cap" in {p["rule"] for p in d["problems"]} for d in doc["decks"]), doc["decks"]
    quiet = run_action(tmp_path, repo, paths="legal.ydk illegal.yaml", output_format="text", quiet="true")
    assert "illegal.yaml" in quiet.stdout and "legal.ydk" not in quiet.stdout.replace("illegal.yaml", "")
    hostile = run_action(tmp_path, repo, paths="legal.ydk", args="$(touch pwned)\n")
    assert hostile.returncode == 2 and not (repo / "pwned").exists()  # an argument, never a command


def test_action_writes_a_job_summary(tmp_path):
    """Issue 25, item 15: no job summary ($GITHUB_STEP_SUMMARY) on the run's page."""
    repo = tmp_path / "repo"
    repo.mkdir()
    shutil.copy(LEGAL_YDK, repo / "legal.ydk")
    shutil.copy(ILLEGAL_YAML, repo / "ill|egal <b>.yaml")
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    script, _ = action_check_script()
    proc = run_action(tmp_path, repo, paths="legal.ydk\nill|egal <b>.yaml\n")
    assert proc.returncode == 1
    assert summary.read_text(encoding="utf-8") == "earlier step\n"  # not set for this run: nothing written
    env_run = subprocess.run([sys.executable, "-m", "deckcheck", "check", "legal.ydk", "ill|egal <b>.yaml", "-o", "github"],
                             cwd=repo, capture_output=True, text=True, timeout=300,
                             env={**os.environ, "GITHUB_STEP_SUMMARY": str(summary), "PYTHONPATH": str(REPO)})
    assert env_run.returncode == 1
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## deckcheck")
    assert "| 2 | 1 | 1 | 0 |" in text and "ill\\|egal \\<b\\>.yaml" in text and "<b>" not in text
