"""The environments' libraries stay optional: nothing else needs them, and their absence
is said in words."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("pettingzoo", "gymnasium", "numpy")


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)


def test_cardavia_the_site_and_the_arena_import_without_them() -> None:
    code = (
        "import sys\n"
        "import cardavia, cardavia.cli, cardavia.web.app, cardavia.arena.runner\n"
        "import cardavia.arena.cli, cardavia.arena.command, cardavia.records.replay\n"
        "import cardavia.ai.registry, cardavia.bench.cli\n"
        f"print(sorted(set({HEAVY!r}) & set(sys.modules)))\n"
    )
    done = _python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("missing", HEAVY)
def test_without_them_the_environments_say_what_to_install(missing: str) -> None:
    done = _python(f"import sys; sys.modules[{missing!r}] = None; import cardavia.envs.sisepai_v0")
    assert done.returncode != 0
    assert f"cardavia.envs needs {missing}: install the env extra" in done.stderr
    assert "pip install 'cardavia[env]'" in done.stderr


def test_bench_env_without_them_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "from cardavia.cli import main\n"
        "sys.argv = ['cardavia', 'bench', 'env']\n"
        "main()\n"
    )
    done = _python(code)
    assert done.returncode == 2
    assert "install the env extra (pip install 'cardavia[env]')" in done.stderr
    assert "Traceback" not in done.stderr
