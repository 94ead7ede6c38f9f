// The attempted route is logged.
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
