"""The Sì Sè Pái plug-in of the environments: numbering, observation, table."""

from cardavia.envs.sisepai import actions, observation, table
from cardavia.envs.spec import EnvSpec

SPEC = EnvSpec(
    game="sisepai",
    name="sisepai_v0",
    numbering=actions.NUMBERING,
    observation_size=observation.SIZE,
    encode=observation.encode,
    table=table.table,
)

__all__ = ["SPEC"]
