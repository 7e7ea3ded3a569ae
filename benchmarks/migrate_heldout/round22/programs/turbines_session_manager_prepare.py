"""Wind-turbine SCADA logs: two CSV exports, `TextLineReader(skip_header_lines=1)`, `decode_csv` with a string
column, a power coefficient computed per row, `train.batch(allow_smaller_final_batch=True)` over two epochs; the
session made by `tf.train.SessionManager(local_init_op=..., ready_op=report_uninitialized_variables())` and
`prepare_session("", init_op=...)`, the runners started after it, a `global_step` counted by `assign_add`."""

import os

import tensorflow.compat.v1 as tf

AIR_DENSITY = 1.225
ROTOR_AREA = 5026.5
COLUMNS = ['timestamp', 'turbine', 'wind_speed', 'active_power', 'status']
DEFAULTS = [[''], [''], [0.0], [0.0], [0]]


def write_exports(out_dir):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    paths = []
    n = 0
    for f, turbine in enumerate(('T01', 'T02')):
        path = os.path.join(out_dir, 'scada_%s.csv' % turbine)
        with open(path, 'w') as out:
            out.write(','.join(COLUMNS) + '\n')
            for i in range(7 + f):
                speed = 3.0 + (n * 1.5) % 9
                power = round(0.5 * AIR_DENSITY * ROTOR_AREA * speed ** 3 * 0.4 / 1000.0, 2)
                out.write('2018-01-0%d 0%d:%02d,%s,%.1f,%.2f,%d\n' % (1 + f, i // 6, (i * 10) % 60, turbine, speed,
                                                                       power, 1 if n % 4 else 0))
                n += 1
        paths.append(path)
    return paths


def read_scada(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    timestamp, turbine, wind_speed, active_power, status = tf.decode_csv(line, record_defaults=DEFAULTS)
    available_power = 0.5 * AIR_DENSITY * ROTOR_AREA * tf.pow(wind_speed, 3.0) / 1000.0
    power_coefficient = active_power / available_power
    return [timestamp, turbine, wind_speed, power_coefficient, status]


def build(files, batch_size):
    filename_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    example = read_scada(filename_queue)
    batch = tf.train.batch(example, batch_size=batch_size, allow_smaller_final_batch=True)
    global_step = tf.train.get_or_create_global_step()
    count_op = tf.assign_add(global_step, 1)
    return batch, count_op


def main(data_dir):
    out = os.path.join(data_dir, 'h22_turbines_session_manager_prepare')
    files = write_exports(out)
    batch, count_op = build(files, batch_size=5)

    sm = tf.train.SessionManager(local_init_op=tf.local_variables_initializer(),
                                 ready_op=tf.report_uninitialized_variables())
    sess = sm.prepare_session('', init_op=tf.global_variables_initializer(),
                              config=tf.ConfigProto(inter_op_parallelism_threads=2))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    step = 0
    try:
        while not coord.should_stop():
            (timestamps, turbines, speeds, cps, status), step = sess.run([batch, count_op])
            batches.append([[t.decode() for t in timestamps], [t.decode() for t in turbines], speeds.tolist(),
                            [round(float(c), 6) for c in cps], status.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {'batches': batches, 'end': int(step)}
