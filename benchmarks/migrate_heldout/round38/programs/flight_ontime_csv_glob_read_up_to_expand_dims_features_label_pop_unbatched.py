"""Flight on-time rows read by `read_up_to` (the reader hands out small batches itself; no train.batch)."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

CSV_COLUMNS = \
('ontime,dep_delay,taxiout,distance,' + \
 'carrier,origin,dest').split(',')
LABEL_COLUMN = 'ontime'
DEFAULTS     = [[0.0],[0.0],[0.0],[0.0],\
                ['na'],['na'],['na']]


class ModeKeys(object):
    # stands in for tf.contrib.learn.ModeKeys
    TRAIN = 'train'
    EVAL = 'eval'


def read_dataset(filename, mode=ModeKeys.EVAL,
                 batch_size=512, num_training_epochs=10):
      # This is double indented to make a later edit simpler
      if mode == ModeKeys.TRAIN:
         num_epochs = num_training_epochs
      else:
         num_epochs = 1
      # could be a path to one file or a file pattern.
      input_file_names = tf.io.gfile.glob(filename)
      filename_queue = tf1.train.string_input_producer(
          input_file_names, num_epochs=num_epochs, shuffle=True)
      # Read in and parse the CSV
      reader = tf1.TextLineReader()
      _, value = reader.read_up_to(
          filename_queue, num_records=batch_size)
      value_column = tf.expand_dims(value, -1)
      columns = tf1.decode_csv(value_column, record_defaults=DEFAULTS)
      features = dict(zip(CSV_COLUMNS, columns))
      label = features.pop(LABEL_COLUMN)
      return features, label


def write_flights(path):
    rng = np.random.RandomState(3838)
    carriers = ['AA', 'DL', 'UA', 'WN']
    airports = ['ATL', 'ORD', 'DFW', 'DEN', 'LAX']
    with open(path, 'w') as f:
        for i in range(10):
            dep_delay = int(rng.randint(-10, 60))
            f.write('%.1f,%d.0,%d.0,%d.0,%s,%s,%s\n' % (
                1.0 if dep_delay < 15 else 0.0, dep_delay, rng.randint(5, 30), rng.randint(200, 2500),
                carriers[i % 4], airports[i % 5], airports[(i + 2) % 5]))


def main(data_dir):
    out = os.path.join(data_dir, 'h38_flight_ontime')
    os.makedirs(out, exist_ok=True)
    write_flights(os.path.join(out, 'flights-eval-00000.csv'))

    features, label = read_dataset(os.path.join(out, 'flights-eval-*.csv'), mode=ModeKeys.EVAL, batch_size=4)
    keys = sorted(features)
    batches = []
    sess = tf1.Session()
    sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            feats, lab = sess.run([features, label])
            batch = []
            for k in keys:
                v = np.asarray(feats[k])[:, 0]
                batch.append([x.decode() for x in v] if v.dtype == object else v.astype(np.float64).tolist())
            batch.append(np.asarray(lab)[:, 0].astype(np.float64).tolist())
            batches.append(batch)
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "flights: %d" % sum(len(b[0]) for b in batches)}
