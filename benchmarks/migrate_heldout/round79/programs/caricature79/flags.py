"""Stand-in for the module's tf.app.flags (absl cannot define a flag twice in one process)."""


class _Flags(object):
  caricature_data_dir = ''
  max_num_parts = 20


FLAGS = _Flags()
