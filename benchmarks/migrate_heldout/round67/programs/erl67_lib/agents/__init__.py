from erl67_lib.agents.apex_agent import ApexAgent
