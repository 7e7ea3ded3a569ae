"""Configuration container with attribute access (a small stand-in for the project's ConfigDict)."""


class ConfigDict(dict):

  def __init__(self, initial_dictionary=None):
    super(ConfigDict, self).__init__()
    for field, value in (initial_dictionary or {}).items():
      self[field] = ConfigDict(value) if isinstance(value, dict) else value

  def __getattr__(self, attr):
    try:
      return self[attr]
    except KeyError as e:
      raise AttributeError(e)

  def __setattr__(self, attr, value):
    self[attr] = value


def base_config():
  return ConfigDict({
      "inputs": {
          "label_feature": "av_training_set",
          "label_map": {"PC": 1, "AFP": 0, "NTP": 0},
          "features": {
              "global_view": {"length": 8, "is_time_series": True},
              "local_view": {"length": 4, "is_time_series": True},
              "tce_period": {"length": 1, "is_time_series": False},
          },
      },
      "batch_size": 4,
  })
