import multiprocessing

import tensorflow.compat.v1 as tf

from gazebo74_task.mode_keys import ModeKeys

MULTI_THREADING = False
HEADER = ['booking_id', 'park', 'hours', 'guests', 'label', 'season']
HEADER_DEFAULTS = [[0], ['NA'], [0], [0], [0], ['NA']]
TARGET_NAME = 'label'


def parse_row(row):
  columns = tf.decode_csv(row, record_defaults=HEADER_DEFAULTS, field_delim=',')
  features = dict(zip(HEADER, columns))

  target = features.pop(TARGET_NAME)

  return features, target


def input_fn(files_name_pattern, mode=ModeKeys.EVAL,
             skip_header_lines=0,
             num_epochs=1,
             batch_size=200):

  shuffle = True if mode == ModeKeys.TRAIN else False

  num_threads = multiprocessing.cpu_count() if MULTI_THREADING else 1

  print("")
  print("* data input_fn:")
  print("================")
  print("Input file(s): {}".format(files_name_pattern))
  print("Batch size: {}".format(batch_size))
  print("Epoch Count: {}".format(num_epochs))
  print("Mode: {}".format(mode))
  print("Thread Count: {}".format(num_threads))
  print("Shuffle: {}".format(shuffle))
  print("================")
  print("")

  file_names = sorted(tf.gfile.Glob(files_name_pattern))
  filename_queue = tf.train.string_input_producer(file_names, num_epochs=num_epochs, shuffle=shuffle)
  reader = tf.TextLineReader(skip_header_lines=skip_header_lines)
  _, rows = reader.read_up_to(filename_queue, num_records=batch_size)

  features, target = parse_row(rows)
  features[TARGET_NAME] = target

  if shuffle:
    features = tf.train.shuffle_batch(features, batch_size, capacity=2 * batch_size + 10,
                                      min_after_dequeue=batch_size, num_threads=num_threads,
                                      enqueue_many=True)
  else:
    features = tf.train.batch(features, batch_size, capacity=2 * batch_size + 10,
                              num_threads=num_threads, enqueue_many=True)

  target = features.pop(TARGET_NAME)
  return features, target
