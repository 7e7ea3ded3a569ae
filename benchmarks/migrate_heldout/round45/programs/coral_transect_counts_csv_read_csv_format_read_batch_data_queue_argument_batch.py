import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

# fish counts along a 50 m belt transect, ten indicator families, then the
# bleaching category the surveyor gave the transect (0 none .. 3 severe)
FAMILIES = ['butterflyfish', 'parrotfish', 'grouper', 'snapper', 'sweetlips',
            'wrasse', 'damselfish', 'surgeonfish', 'rabbitfish', 'triggerfish']


def write_transects(folder):
  rng = np.random.RandomState(4505)
  paths = []
  for survey, rows in (('2016_march', 5), ('2017_april', 4)):
    path = os.path.join(folder, 'transects_%s.csv' % survey)
    with open(path, 'w') as f:
      for r in range(rows):
        counts = rng.poisson(6, size=10).astype(float)
        bleach = int(rng.randint(0, 4))
        f.write(','.join('%.1f' % c for c in counts) + ',%d\n' % bleach)
    paths.append(path)
  return paths


def read_csv_format(filename_queue):
  reader = tf1.TextLineReader()
  key, value = reader.read(filename_queue)
  record_defaults = [[1.0], [1.0], [1.0], [1.0], [1.0], [1.0], [1.0], [1.0], [1.0], [1.0], [1]]
  col1, col2, col3, col4, col5, col6, col7, col8, col9, col10, col11 = tf1.decode_csv(
      value, record_defaults=record_defaults)
  feature = tf.stack([col1, col2, col3, col4, col5, col6, col7, col8, col9, col10])
  label = col11
  return feature, label


def read_batch_data(filename_queue, batch_size, num_epochs=None):
  #filename_queue = tf.train.string_input_producer(
  #    file_name_list, num_epochs=num_epochs, shuffle=True)
  feature, label = read_csv_format(filename_queue)
  capacity = 3 * batch_size
  feature_batch, label_batch = tf1.train.batch(
      [feature, label], batch_size=batch_size, capacity=capacity,
      num_threads=1, allow_smaller_final_batch=True)
  return feature_batch, label_batch


def main(data_dir):
  folder = os.path.join(data_dir, 'h45_coral_transects')
  if not os.path.isdir(folder):
    os.makedirs(folder)
  file_name_list = write_transects(folder)

  filename_queue = tf1.train.string_input_producer(file_name_list, num_epochs=1, shuffle=False)
  feature_batch, label_batch = read_batch_data(filename_queue, 4)
  richness = tf.reduce_sum(tf.cast(feature_batch > 0, tf.int32), axis=1)

  sess = tf1.Session()
  sess.run(tf1.global_variables_initializer())
  sess.run(tf1.local_variables_initializer())
  coord = tf1.train.Coordinator()
  threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
  batches = []
  try:
    while not coord.should_stop():
      f, l, r = sess.run([feature_batch, label_batch, richness])
      batches.append([f.tolist(), l.tolist(), r.tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {'batches': batches, 'end': 'transects: %d' % sum(len(b[1]) for b in batches)}
