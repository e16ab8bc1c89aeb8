<?php

declare(strict_types=1);

// The package as a merchant without composer loads it; errors become exceptions so a notice fails a test.
require dirname(__DIR__, 2) . '/generated/php/autoload.php';
require __DIR__ . '/support/FakeTransport.php';

set_error_handler(static function (int $severity, string $message, string $file, int $line): bool {
    throw new ErrorException($message, 0, $severity, $file, $line);
});
