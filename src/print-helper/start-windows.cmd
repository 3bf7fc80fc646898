@echo off
rem Starts the print helper from this folder (double-click). Needs Node.js 20 or later.
cd /d "%~dp0"
where node >nul 2>nul
if errorlevel 1 (
  echo Node.js is not installed: get it from https://nodejs.org, then open this file again.
  pause
  exit /b 1
)
node print-helper.mjs %*
pause
