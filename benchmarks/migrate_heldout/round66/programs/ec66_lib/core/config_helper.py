"""Helper functions used in both train and inference (the writer's stand-in for the entropy coder's protos: a JSON
config parsed into attribute objects)."""

import json


class _Config(object):

  def __init__(self, **kwargs):
    self.__dict__.update(kwargs)


def GetConfigString(config_file):
  config_string = ''
  if config_file is not None:
    with open(config_file, 'r') as f:
      config_string = f.read()
  return config_string


class InputConfig(_Config):

  def __init__(self, config_string):
    super(InputConfig, self).__init__(**json.loads(config_string))


class TrainConfig(_Config):

  def __init__(self, config_string):
    super(TrainConfig, self).__init__(**json.loads(config_string))
