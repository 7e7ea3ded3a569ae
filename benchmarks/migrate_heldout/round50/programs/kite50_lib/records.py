import tensorflow.compat.v1 as tf
import glob
import os
import math
import json
from .util import to_namedtuple

FLAGS = to_namedtuple({"datareader": "twintip", "batch_size": 3, "capacity": 30})  # parse config

if FLAGS.datareader == "twintip":
    from .datareaders.twintip import read_record, deprocess_output
elif FLAGS.datareader == "foil":
    from .datareaders.foil import read_record, deprocess_output
else:
    raise ValueError('Unknown dataset option: ' + FLAGS.datareader)


def getsize(filename):
    jsfile = filename + ".json"
    if tf.gfile.Exists(jsfile):
        with open(jsfile, 'r') as f:
            N = json.load(f)['count']
    else:
        N = 0
        for record in tf.python_io.tf_record_iterator(filename):
            N += 1
            print(N, '\r', end='')
        with open(jsfile, 'w') as f:
            f.write(json.dumps({'count': N}))
    print(N)
    return N


def load_records(filename, num_epochs=1):
    """Reads the sessions of one file in batches of FLAGS.batch_size."""
    N = getsize(filename)
    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    spot, wind, target = read_record(filename_queue)
    spots, winds, targets = tf.train.batch([spot, wind, target], batch_size=FLAGS.batch_size,
                                           capacity=FLAGS.capacity)
    steps = int(math.floor(N / float(FLAGS.batch_size)))
    return (spots, winds, deprocess_output(targets)), steps
