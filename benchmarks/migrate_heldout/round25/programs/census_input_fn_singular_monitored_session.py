"""Wide & deep census input_fn of the queue era (decode_csv with na_value, features dict, label popped and
compared), shuffle_batch inside the input_fn, run by a SingularMonitoredSession."""
import functools
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train as tft

CSV_COLUMNS = ['age', 'workclass', 'education_num', 'hours_per_week', 'income_bracket']
CSV_COLUMN_DEFAULTS = [[0], [''], [0], [0], ['']]

ROWS = [
    (39, 'State-gov', 13, 40, '<=50K'), (50, 'Self-emp', 13, 13, '<=50K'), (38, 'Private', 9, 40, '<=50K'),
    (53, 'Private', 7, 40, '<=50K'), (28, 'Private', 13, 40, '<=50K'), (37, 'Private', 14, 40, '<=50K'),
    (49, '?', 5, 16, '<=50K'), (52, 'Self-emp', 9, 45, '>50K'), (31, 'Private', 14, 50, '>50K'),
    (42, 'Private', 13, 40, '>50K'), (37, '?', 10, 80, '>50K'), (30, 'State-gov', 13, 40, '>50K'),
]


def write_data(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'adult.data')
    with open(path, 'w') as f:
        for row in ROWS:
            f.write(', '.join(str(v) for v in row) + '\n')
    return path


def input_fn(data_file, num_epochs, shuffle, batch_size):
    """Generate an input function for the Estimator."""
    assert os.path.exists(data_file), '%s not found.' % data_file

    filename_queue = tft.string_input_producer([data_file], num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    value = tf.strings.regex_replace(value, ', ', ',')
    columns = tf.decode_csv(value, record_defaults=CSV_COLUMN_DEFAULTS, na_value='?')
    features = dict(zip(CSV_COLUMNS, columns))
    labels = features.pop('income_bracket')
    features['label'] = tf.cast(tf.equal(labels, '>50K'), tf.int32)
    if shuffle:
        features = tft.shuffle_batch(features, batch_size=batch_size,
                                     capacity=20, min_after_dequeue=5, num_threads=2)
    else:
        features = tft.batch(features, batch_size=batch_size)
    labels = features.pop('label')
    return features, labels


def main(data_dir):
    data_file = write_data(os.path.join(data_dir, 'h25_census_input_fn_singular_monitored_session'))
    train_input_fn = functools.partial(input_fn, data_file, 1, True, 4)
    features, labels = train_input_fn()
    global_step = tft.get_or_create_global_step()
    step = tf.assign_add(global_step, 1)

    batches, end = [], None
    with tft.SingularMonitoredSession(hooks=[tft.StopAtStepHook(last_step=100)]) as sess:
        while not sess.should_stop():
            feats, labs, _ = sess.run([features, labels, step])
            batches.append({'age': feats['age'].tolist(),
                            'workclass': [w.decode() for w in feats['workclass']],
                            'education_num': feats['education_num'].tolist(),
                            'hours_per_week': feats['hours_per_week'].tolist(),
                            'label': labs.tolist()})
    end = 'stopped'
    return {'batches': batches, 'end': end}
