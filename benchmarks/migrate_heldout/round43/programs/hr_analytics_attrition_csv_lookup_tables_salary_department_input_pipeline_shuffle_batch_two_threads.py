"""Human Resources Analytics (Kaggle 2017, HR_comma_sep.csv): `input_pipeline(filenames, batch_size,
num_epochs)` reads the two exported halves, maps `sales` (the department) and `salary` through
hash tables, stacks the numeric columns and shuffle-batches on two threads; a logistic model of
`left` trains until the epoch limit ends the queue."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

COLUMNS = ['satisfaction_level', 'last_evaluation', 'number_project', 'average_montly_hours',
           'time_spend_company', 'Work_accident', 'left', 'promotion_last_5years', 'sales', 'salary']
DEFAULTS = [[0.0], [0.0], [0], [0], [0], [0], [0], [0], ['sales'], ['low']]
DEPARTMENTS = ['sales', 'technical', 'support', 'IT', 'hr', 'management']
SALARIES = ['low', 'medium', 'high']


def write_half(path, rng, n):
    with open(path, 'w') as f:
        f.write(','.join(COLUMNS) + '\n')
        for _ in range(n):
            f.write('%.2f,%.2f,%d,%d,%d,%d,%d,%d,%s,%s\n' % (
                rng.uniform(0.09, 1.0), rng.uniform(0.36, 1.0), rng.randint(2, 8),
                rng.randint(96, 311), rng.randint(2, 11), rng.randint(0, 2), rng.randint(0, 2),
                int(rng.rand() < 0.1), DEPARTMENTS[rng.randint(6)], SALARIES[rng.randint(3)]))


def input_pipeline(filenames, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True,
                                                    seed=43)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    cols = tf.decode_csv(value, record_defaults=DEFAULTS)
    row = dict(zip(COLUMNS, cols))

    dept_table = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(DEPARTMENTS, list(range(len(DEPARTMENTS))),
                                            key_dtype=tf.string, value_dtype=tf.int32), -1)
    salary_table = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(SALARIES, [0, 1, 2], key_dtype=tf.string,
                                            value_dtype=tf.int32), -1)
    dept = dept_table.lookup(row['sales'])
    salary = salary_table.lookup(row['salary'])

    numeric = tf.stack([row['satisfaction_level'], row['last_evaluation'],
                        tf.cast(row['number_project'], tf.float32),
                        tf.cast(row['average_montly_hours'], tf.float32) / 100.0,
                        tf.cast(row['time_spend_company'], tf.float32),
                        tf.cast(row['Work_accident'], tf.float32),
                        tf.cast(row['promotion_last_5years'], tf.float32),
                        tf.cast(salary, tf.float32)])
    label = row['left']

    # min_after_dequeue defines how big a buffer we will randomly sample
    #   from -- bigger means better shuffling but slower start up and more
    #   memory used.
    # capacity must be larger than min_after_dequeue and the amount larger
    #   determines the maximum we will prefetch.
    min_after_dequeue = 5
    capacity = min_after_dequeue + 3 * batch_size
    return tf.train.shuffle_batch([numeric, dept, label], batch_size=batch_size, capacity=capacity,
                                  min_after_dequeue=min_after_dequeue, num_threads=2, seed=43)


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_hr_analytics')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(14999)
    files = []
    for half in ('a', 'b'):
        path = os.path.join(folder, 'HR_comma_sep_%s.csv' % half)
        write_half(path, rng, 6)
        files.append(path)

    x, dept, y = input_pipeline(files, batch_size=4, num_epochs=1)
    dept_onehot = tf.one_hot(dept, len(DEPARTMENTS))
    features = tf.concat([x, dept_onehot], axis=1)
    W = tf.Variable(tf.zeros([8 + len(DEPARTMENTS), 1]))
    b = tf.Variable(tf.zeros([1]))
    logits = tf.matmul(features, W) + b
    cost = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(
        labels=tf.cast(tf.expand_dims(y, 1), tf.float32), logits=logits))
    optimizer = tf.train.GradientDescentOptimizer(0.05).minimize(cost)

    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer(),
                    tf.tables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        epoch_cost = 0.0
        try:
            while True:
                _, c, bx, bd, by = sess.run([optimizer, cost, x, dept, y])
                epoch_cost += c
                batches.append([np.round(bx.astype(np.float64), 4).tolist(), bd.tolist(), by.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'epoch finished after %d batches' % len(batches)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
