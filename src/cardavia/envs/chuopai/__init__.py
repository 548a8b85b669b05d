"""The Chuo Pai plug-in of the environments: numbering, observation, table."""

from cardavia.envs.chuopai import actions, observation, table
from cardavia.envs.spec import EnvSpec

SPEC = EnvSpec(
    game="chuopai",
    name="chuopai_v0",
    numbering=actions.NUMBERING,
    observation_size=observation.SIZE,
    encode=observation.encode,
    table=table.table,
)

__all__ = ["SPEC"]
